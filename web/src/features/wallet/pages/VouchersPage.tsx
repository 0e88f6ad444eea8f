/** /wdqb/xjq 现金券: redeeming a code into the balance, and the account's vouchers by status with their codes. */
import { App, Button, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { Voucher } from '@core/schemas/wallet';
import { EmptyState } from '@/ui/EmptyState';
import { PagedTable } from '@/ui/PagedTable';
import { useRedeemVoucher, useVouchers } from '../api/vouchers';
import { VoucherRedeem } from '../components/VoucherRedeem';
import { PanelLoading, Section, WalletLayout } from '../components/WalletLayout';
import { formatDay, formatTime, money } from '../lib/format';

const TABS = [
  { status: undefined, label: '全部', key: null },
  { status: 0, label: '未使用', key: 'unused' },
  { status: 1, label: '已使用', key: 'used' },
  { status: 2, label: '已过期', key: 'expired' },
] as const;

function RedeemButton({ v }: { v: Voucher }) {
  const redeem = useRedeemVoucher();
  const { modal, message } = App.useApp();
  return (
    <Button
      size="small"
      type="primary"
      ghost
      loading={redeem.isPending}
      onClick={() =>
        modal.confirm({
          title: '确定将这张现金券充值到账户余额吗?',
          content: `${v.name}，面额 ${money(v.amount)}，充值后不可撤销。`,
          okText: '立即充值',
          cancelText: '取消',
          centered: true,
          onOk: () =>
            redeem.mutateAsync(v.code).then(
              (d) => void message.success(`充值成功，当前余额 ${money(d.balance)}`),
              () => undefined,
            ),
        })
      }
      data-testid="voucher-use"
    >
      充值到余额
    </Button>
  );
}

export default function VouchersPage() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('status');
  const status = raw === '0' || raw === '1' || raw === '2' ? (Number(raw) as 0 | 1 | 2) : undefined;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useVouchers({ status, page });
  const data = list.data;
  const go = (next: { status?: number; page?: number }) => {
    const params = new URLSearchParams(search);
    if ('status' in next) {
      if (next.status === undefined) params.delete('status');
      else params.set('status', String(next.status));
      params.delete('page');
    }
    if (next.page) params.set('page', String(next.page));
    setSearch(params, { replace: true });
  };

  const columns: TableColumnsType<Voucher> = [
    {
      title: '券码',
      dataIndex: 'code',
      width: 170,
      render: (v: string) => (
        <code className="yct-wal-code" data-testid="voucher-row-code">
          {v}
        </code>
      ),
    },
    { title: '名称', dataIndex: 'name' },
    { title: '面额', dataIndex: 'amount', width: 110, align: 'right', render: (v: string) => <b className="yct-wal-red">{money(v)}</b> },
    { title: '有效期至', dataIndex: 'expires_at', width: 110, render: (v: number) => formatDay(v) },
    { title: '充值时间', dataIndex: 'used_at', width: 140, render: (v: number | null) => (v ? formatTime(v) : <span className="yct-muted">—</span>) },
    {
      title: '状态',
      dataIndex: 'status_text',
      width: 80,
      render: (t: string, v) => <span className={`yct-wal-chip is-${v.status === 0 ? 'open' : v.status === 1 ? 'done' : 'off'}`}>{t}</span>,
    },
    {
      title: '操作',
      key: 'op',
      width: 110,
      align: 'center',
      render: (_, v) => (v.status === 0 ? <RedeemButton v={v} /> : <span className="yct-muted">—</span>),
    },
  ];

  return (
    <WalletLayout tab="xjq" title="现金券">
      <Section title="现金券充值" testId="voucher-section">
        <VoucherRedeem compact />
        <p className="yct-wal-hint">
          现金券由平台活动、销售代表或客服发放，输入券码即可将面额充值到账户余额（
          <Link to="/yegl" className="yct-wal-link">
            查看余额明细
          </Link>
          ）。
        </p>
      </Section>
      <Section title="我的现金券" testId="voucher-list">
        <div className="yct-wal-tabs" role="tablist" data-testid="voucher-tabs">
          {TABS.map((t) => (
            <button
              key={t.label}
              type="button"
              role="tab"
              aria-selected={status === t.status}
              className={`yct-wal-tabs__tab${status === t.status ? ' is-active' : ''}`}
              onClick={() => go({ status: t.status })}
              data-testid="voucher-tab"
            >
              {t.label}
              {t.key && data ? <em>{data.counts[t.key]}</em> : null}
            </button>
          ))}
        </div>
        <PagedTable<Voucher>
          query={list}
          loading={<PanelLoading />}
          empty={<EmptyState description="暂无现金券" />}
          staleError
          pager={{ className: 'yct-wal-pager', onChange: (p) => go({ page: p }) }}
          rowKey="id"
          columns={columns}
          rowClassName={(v) => (v.status === 0 ? '' : 'is-off')}
          rowData={(v) => ({ 'data-testid': 'voucher-row', 'data-code': v.code, 'data-status': v.status })}
        />
      </Section>
    </WalletLayout>
  );
}

/**
 * /wdqb/zqgl 账期管理: the credit line (limit, in use, available), the bills by state, repaying the chosen
 * bills from the balance or online through the gateway, and the credit's own log.
 */
import { App, Button, Modal, Radio, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatMoney, yuanToFen } from '@core/money';
import type { CreditBill, GatewayPayment, Repay } from '@core/schemas/wallet';
import { EmptyState } from '@/ui/EmptyState';
import { PagedTable } from '@/ui/PagedTable';
import { PayConfirmModal } from '@/ui/PayConfirmModal';
import { ErrorState } from '@/ui/ErrorState';
import { useBills, useCredit, useCreateRepay, usePayRepay, useRepayStatus } from '../api/credit';
import { useUserMoney } from '../api/get-user-money';
import { invalidateWallet } from '../api/keys';
import { GatewayModal } from '../components/GatewayModal';
import { LedgerPanel } from '../components/LedgerPanel';
import { PanelLoading, Section, WalletLayout } from '../components/WalletLayout';
import { formatDay, intParam, money } from '../lib/format';

const TABS = [
  { type: 1, label: '待还款' },
  { type: 3, label: '已逾期' },
  { type: 2, label: '已还款' },
  { type: 0, label: '全部账单' },
] as const;

function Summary() {
  const credit = useCredit();
  if (credit.isPending) return <PanelLoading />;
  if (credit.isError) return <ErrorState compact onRetry={() => void credit.refetch()} />;
  const c = credit.data;
  const used = yuanToFen(c.credit_limit) ? Math.min(100, Math.round((yuanToFen(c.credit_used) / yuanToFen(c.credit_limit)) * 100)) : 0;
  return (
    <div className="yct-wal-credit" data-testid="credit-summary">
      <div className="yct-wal-credit__line">
        <div className="yct-wal-hero__main">
          <span className="yct-wal-hero__label">可用额度（元）</span>
          <strong className="yct-wal-hero__value" data-testid="credit-available">
            {money(c.credit_available)}
          </strong>
        </div>
        <div className="yct-wal-credit__bar" aria-label={`已用 ${used}%`}>
          <i style={{ width: `${used}%` }} />
        </div>
        <p className="yct-muted">
          总额度 <b data-testid="credit-limit">{money(c.credit_limit)}</b>
          <span className="yct-wal-gap">已用</span> <b data-testid="credit-used">{money(c.credit_used)}</b>
          <span className="yct-wal-gap">账期 {c.credit_days} 天</span>
        </p>
      </div>
      <dl className="yct-wal-credit__facts">
        <div>
          <dt>待还金额</dt>
          <dd className="yct-wal-red" data-testid="credit-unpaid">
            {money(c.unpaid_amount)}
          </dd>
          <dd className="yct-muted">{c.unpaid_count} 张账单</dd>
        </div>
        <div>
          <dt>已逾期</dt>
          <dd className={c.overdue_count ? 'yct-wal-red' : undefined}>{money(c.overdue_amount)}</dd>
          <dd className="yct-muted">{c.overdue_count} 张账单</dd>
        </div>
        <div>
          <dt>最近还款日</dt>
          <dd>{c.next_due_date ?? '无'}</dd>
          <dd className="yct-muted">请在到期日前还款</dd>
        </div>
      </dl>
      {c.credit_paused ? (
        <p className="yct-wal-warnline yct-wal-credit__paused" data-testid="credit-paused">
          您有 {c.overdue_count} 张账单已逾期（共 {money(c.overdue_amount)}，最早应还款日 {c.overdue_since}），账期支付已暂停，还清逾期账单后即可恢复使用。
        </p>
      ) : null}
    </div>
  );
}

function dueText(b: CreditBill) {
  if (b.status === 1) return <span className="yct-muted yct-wal-nowrap">{formatDay(b.repaid_at)} 还清</span>;
  if (b.days_left === null) return null;
  if (b.days_left < 0) return <span className="yct-wal-red">逾期 {-b.days_left} 天</span>;
  if (b.days_left === 0) return <span className="yct-wal-red">今天到期</span>;
  return <span className={b.days_left <= 7 ? 'yct-wal-warn' : 'yct-muted'}>还剩 {b.days_left} 天</span>;
}

/**
 * The dialog that repays the chosen bills: from the balance once the buyer confirms with the payment password
 * (the confirmation takes the dialog's place), or online through the gateway.
 */
function RepayDialog({ bills, onClose }: { bills: CreditBill[] | null; onClose: () => void }) {
  const [method, setMethod] = useState<'balance' | 'online'>('balance');
  const [online, setOnline] = useState<(GatewayPayment & { repay: Repay }) | null>(null);
  const [confirming, setConfirming] = useState<Repay | null>(null);
  const create = useCreateRepay();
  const pay = usePayRepay();
  const balance = useUserMoney().data?.balance;
  const status = useRepayStatus(online?.repay.id ?? null);
  const client = useQueryClient();
  const { message } = App.useApp();
  const paid = status.data?.paid === 1;
  useEffect(() => {
    if (paid) void invalidateWallet(client);
  }, [paid, client]);

  const total = (bills ?? []).reduce((s, b) => s + yuanToFen(b.remaining), 0);
  const short = balance !== undefined && yuanToFen(balance) < total;
  const submit = async () => {
    if (!bills) return;
    const repay = await create.mutateAsync(bills.map((b) => b.id));
    if (method === 'balance') {
      setConfirming(repay);
      return;
    }
    const done = await pay.mutateAsync({ id: repay.id, method });
    if (done.trade_no) {
      setOnline({ payment_id: done.payment_id!, trade_no: done.trade_no, amount: done.amount, qr_url: done.qr_url!, expires_in: done.expires_in!, repay });
      onClose();
    }
  };
  const repayFromBalance = async (payPassword: string) => {
    if (!confirming) return;
    await pay.mutateAsync({ id: confirming.id, method: 'balance', payPassword });
    void message.success(`还款成功：${formatMoney(total)} 已从账户余额还款（还款单号 ${confirming.repay_no}）`);
    close();
  };
  const close = () => {
    setConfirming(null);
    onClose();
  };

  return (
    <>
      <Modal
        open={bills !== null && confirming === null}
        title="账期还款"
        okText={method === 'balance' ? '确认还款' : '去支付'}
        cancelText="取消"
        onOk={() => void submit().catch(() => undefined)}
        onCancel={close}
        confirmLoading={create.isPending || pay.isPending}
        okButtonProps={{ disabled: method === 'balance' && short, 'data-testid': 'repay-confirm' }}
        width={520}
        centered
        destroyOnHidden
        // Handing over to the payment confirmation: focus stays in its password boxes, not back on 还款.
        focusTriggerAfterClose={confirming === null}
      >
        <div className="yct-wal-repay" data-testid="repay-dialog">
          <p>
            共 <b>{bills?.length ?? 0}</b> 张账单，还款金额{' '}
            <strong className="yct-wal-red yct-wal-big" data-testid="repay-total">
              {formatMoney(total)}
            </strong>
          </p>
          <ul className="yct-wal-repay__bills">
            {bills?.map((b) => (
              <li key={b.id}>
                订单 {b.order_no} <span className="yct-muted">到期日 {b.due_date}</span> <b>{money(b.remaining)}</b>
              </li>
            ))}
          </ul>
          <Radio.Group value={method} onChange={(e) => setMethod(e.target.value)} className="yct-wal-repay__methods" data-testid="repay-method">
            <Radio value="balance" data-testid="repay-method-balance">
              余额还款 <span className="yct-muted">（可用余额 {balance ? money(balance) : '--'}）</span>
              {short ? (
                <span className="yct-wal-red">
                  {' '}
                  余额不足，<Link to="/yegl">去充值</Link>
                </span>
              ) : null}
            </Radio>
            <Radio value="online" data-testid="repay-method-online">
              在线支付 <span className="yct-muted">（微信、支付宝扫码）</span>
            </Radio>
          </Radio.Group>
        </div>
      </Modal>
      <PayConfirmModal
        open={confirming !== null}
        title="确认还款"
        amountLabel="还款金额"
        submitText="确认还款"
        amount={confirming?.amount ?? '0.00'}
        instrument="balance"
        available={balance}
        details={[
          { label: '还款账单', value: `${confirming?.bill_count ?? 0} 张` },
          { label: '还款单号', value: confirming?.repay_no },
        ]}
        onSubmit={repayFromBalance}
        onCancel={close}
      />
      <GatewayModal
        title="账期还款"
        payment={online}
        paid={paid}
        done={online ? `还款单 ${online.repay.repay_no} 已还清，账期额度已恢复` : null}
        onClose={() => setOnline(null)}
      />
    </>
  );
}

function Bills() {
  const [search, setSearch] = useSearchParams();
  const type = intParam(search, 'type', [0, 1, 2, 3] as const, 1);
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useBills({ type, page });
  const [chosen, setChosen] = useState<number[]>([]);
  const [paying, setPaying] = useState<CreditBill[] | null>(null);
  const data = list.data;
  const rows = data?.data ?? [];
  const picked = rows.filter((b) => chosen.includes(b.id) && b.status === 0);
  const pickedTotal = picked.reduce((s, b) => s + yuanToFen(b.remaining), 0);

  const go = (next: { type?: number; page?: number }) => {
    const params = new URLSearchParams(search);
    if (next.type !== undefined) {
      params.set('type', String(next.type));
      params.delete('page');
      setChosen([]);
    }
    if (next.page) params.set('page', String(next.page));
    setSearch(params, { replace: true });
  };

  const columns: TableColumnsType<CreditBill> = [
    {
      title: '订单号',
      dataIndex: 'order_no',
      render: (no: string, b) => (
        <Link to={`/order/info/${b.order_id}`} className="yct-wal-link" data-testid="bill-order">
          {no}
        </Link>
      ),
    },
    { title: '账单日期', dataIndex: 'created_at', width: 100, render: (v: number) => formatDay(v) },
    { title: '账单金额', dataIndex: 'amount', width: 120, align: 'right', render: (v: string) => money(v) },
    {
      title: '待还金额',
      dataIndex: 'remaining',
      width: 120,
      align: 'right',
      render: (v: string, b) => (b.status === 0 ? <b className="yct-wal-red">{money(v)}</b> : <span className="yct-muted">{money('0.00')}</span>),
    },
    { title: '到期日', dataIndex: 'due_date', width: 100 },
    { title: '剩余时间', key: 'left', width: 124, render: (_, b) => dueText(b) },
    {
      title: '状态',
      dataIndex: 'status_text',
      width: 80,
      render: (v: string, b) => (
        <span className={`yct-wal-chip is-${b.status === 1 ? 'done' : b.overdue ? 'late' : 'open'}`} data-testid="bill-state">
          {v}
        </span>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      align: 'center',
      render: (_, b) =>
        b.status === 0 ? (
          <Button size="small" type="primary" ghost onClick={() => setPaying([b])} data-testid="bill-repay">
            还款
          </Button>
        ) : (
          <span className="yct-muted">—</span>
        ),
    },
  ];

  return (
    <>
      <div className="yct-wal-tabs" role="tablist" data-testid="bill-tabs">
        {TABS.map((t) => (
          <button
            key={t.type}
            type="button"
            role="tab"
            aria-selected={type === t.type}
            className={`yct-wal-tabs__tab${type === t.type ? ' is-active' : ''}`}
            onClick={() => go({ type: t.type })}
            data-testid="bill-tab"
            data-key={t.type}
          >
            {t.label}
          </button>
        ))}
      </div>
      <PagedTable<CreditBill>
        query={list}
        loading={<PanelLoading />}
        empty={<EmptyState description={type === 1 ? '暂无待还款账单，账期额度可全部使用' : type === 3 ? '没有逾期账单，请继续保持' : '暂无账单'} />}
        pager={{ className: 'yct-wal-pager', onChange: (p) => go({ page: p }), showTotal: (t) => `共 ${t} 张账单` }}
        rowKey="id"
        columns={columns}
        rowSelection={{
          selectedRowKeys: chosen,
          onChange: (keys) => setChosen(keys as number[]),
          getCheckboxProps: (b) => ({ disabled: b.status !== 0, 'data-testid': 'bill-check' }) as object,
        }}
        rowData={(b) => ({ 'data-testid': 'bill-row', 'data-id': b.id, 'data-status': b.status })}
      />
      {rows.some((b) => b.status === 0) ? (
        <div className="yct-wal-paybar" data-testid="bill-paybar">
          <span>
            已选 <b>{picked.length}</b> 张账单，合计 <strong className="yct-wal-red">{formatMoney(pickedTotal)}</strong>
          </span>
          <Button type="primary" disabled={!picked.length} onClick={() => setPaying(picked)} data-testid="bills-repay">
            合并还款
          </Button>
        </div>
      ) : null}
      <RepayDialog
        bills={paying}
        onClose={() => {
          setPaying(null);
          setChosen([]);
        }}
      />
    </>
  );
}

export default function CreditPage() {
  return (
    <WalletLayout tab="zqgl" title="账期管理">
      <Summary />
      <Section title="账期账单" testId="credit-bills">
        <Bills />
      </Section>
      <Section title="额度流水" testId="credit-log">
        <LedgerPanel instrument="credit" labels={['还款', '使用']} afterLabel="已用额度" empty="暂无账期使用记录" />
      </Section>
    </WalletLayout>
  );
}

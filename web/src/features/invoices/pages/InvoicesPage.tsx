/**
 * /dzfp (/zzfw/dzfp) 电子发票: the account's invoices by status (全部, 待开票, 已开票, 已红冲), or one order's
 * (`?order_id=`, linked from the order detail): order, title, amount, status, number, date, 查看 and 下载 PDF, and
 * 选择抬头开票 for one waiting for a title; and on `?tab=title` the invoice titles with add, edit, delete and
 * default. A guest is sent to log in.
 */
import '../invoices.css';
import { Alert, Tabs, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Invoice } from '@core/schemas/invoices';
import { EmptyState } from '@/ui/EmptyState';
import { PagedTable } from '@/ui/PagedTable';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { PanelLoading } from '@/ui/account/PanelStates';
import { RequireAccount } from '@/ui/account/RequireAccount';
import { pdfUrl, useInvoices } from '../api/get-invoices';
import { useTitles } from '../api/get-titles';
import { ChooseTitleModal } from '../components/ChooseTitleModal';
import { InvoiceDetailModal } from '../components/InvoiceDetailModal';
import { TitlesPanel } from '../components/TitlesPanel';
import { dayOf, statusClass, yuanText } from '../lib/format';

const STATUS_TABS = [
  { key: 'all', label: '全部' },
  { key: '0', label: '待开票' },
  { key: '1', label: '已开票' },
  { key: '2', label: '已红冲' },
] as const;

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Whose invoices are issued how: the default title, or a warning that there is none. */
function DefaultTitleNote({ onManage }: { onManage: () => void }) {
  const titles = useTitles();
  if (!titles.data) return null;
  const main = titles.data[0];
  return main ? (
    <div className="yct-fp-note" data-testid="default-title-note">
      <span>
        默认抬头：<b>{main.company}</b>
        <span className="yct-fp-mono">税号 {main.tax_no}</span>
      </span>
      <span className="yct-muted">订单完成后自动按默认抬头开具电子发票</span>
      <button type="button" className="yct-linkbtn" onClick={onManage}>
        管理发票抬头 ›
      </button>
    </div>
  ) : (
    <Alert
      type="warning"
      showIcon
      className="yct-fp-alert"
      message="您还没有发票抬头，已完成订单的发票将处于“待开票”状态"
      action={
        <button type="button" className="yct-linkbtn" onClick={onManage} data-testid="no-title-add">
          去添加抬头
        </button>
      }
    />
  );
}

/** The columns of the list; 选择抬头开票 and 查看详情 open their dialogs. */
const invoiceColumns = (onChoose: (i: Invoice) => void, onView: (id: number) => void): TableColumnsType<Invoice> => [
  {
    title: '订单编号',
    key: 'order',
    width: 196,
    render: (_, i) => (
      <div className="yct-fp-cell">
        <Link to={`/order/info/${i.order_id}`} className="yct-fp-link" data-testid="invoice-order">
          {i.order_no}
        </Link>
        <span className={`yct-fp-kind is-${i.kind}`}>{i.kind_text}</span>
      </div>
    ),
  },
  {
    title: '发票抬头',
    key: 'title',
    render: (_, i) =>
      i.title ? (
        <div className="yct-fp-cell">
          <span data-testid="invoice-company">{i.title.company}</span>
          <span className="yct-fp-mono yct-muted">{i.title.tax_no}</span>
        </div>
      ) : (
        <span className="yct-muted">待选择抬头</span>
      ),
  },
  {
    title: '金额',
    dataIndex: 'amount',
    width: 118,
    align: 'right',
    render: (a: string, i) => (
      <b className={`yct-fp-amount${i.kind === 'red' ? ' is-red' : ''}`} data-testid="invoice-amount">
        {yuanText(a)}
      </b>
    ),
  },
  {
    title: '状态',
    key: 'status',
    width: 78,
    align: 'center',
    render: (_, i) => (
      <b className={statusClass(i)} data-testid="invoice-status">
        {i.status_text}
      </b>
    ),
  },
  {
    title: '发票号码 / 开票日期',
    key: 'no',
    width: 178,
    render: (_, i) => (
      <div className="yct-fp-cell">
        <span className="yct-fp-mono" data-testid="invoice-no">
          {i.invoice_no || '—'}
        </span>
        <span className="yct-muted">{dayOf(i.issued_at)}</span>
      </div>
    ),
  },
  {
    title: '操作',
    key: 'op',
    width: 118,
    align: 'center',
    render: (_, i) => (
      <div className="yct-fp-ops">
        {i.can_choose_title ? (
          <button type="button" className="yct-btn yct-btn--primary" onClick={() => onChoose(i)} data-testid="invoice-choose">
            选择抬头开票
          </button>
        ) : null}
        {i.can_download ? (
          <a href={pdfUrl(i.id)} download className="yct-fp-link" data-testid="invoice-download">
            下载 PDF
          </a>
        ) : null}
        <button type="button" className="yct-linkbtn" onClick={() => onView(i.id)} data-testid="invoice-view">
          查看详情
        </button>
      </div>
    ),
  },
];

function InvoiceList({ onManageTitles }: { onManageTitles: () => void }) {
  const [search, setSearch] = useSearchParams();
  const status = STATUS_TABS.find((t) => t.key === search.get('status'))?.key ?? 'all';
  const orderId = positive(search.get('order_id'));
  const page = positive(search.get('page')) ?? 1;
  const list = useInvoices({ status: status === 'all' ? undefined : Number(status), order_id: orderId, page });
  const [viewing, setViewing] = useState<number | null>(null);
  const [choosing, setChoosing] = useState<Invoice | null>(null);

  const go = (next: { status?: string; page?: number; order_id?: number }) =>
    setSearch({
      ...(next.status && next.status !== 'all' ? { status: next.status } : {}),
      ...(next.order_id ? { order_id: String(next.order_id) } : {}),
      ...(next.page && next.page > 1 ? { page: String(next.page) } : {}),
    });

  return (
    <div data-testid="invoices-list">
      <DefaultTitleNote onManage={onManageTitles} />
      {orderId ? (
        <div className="yct-fp-filter" data-testid="invoice-order-filter">
          {list.data?.data[0] ? (
            <span>
              正在查看订单 <b className="yct-fp-mono">{list.data.data[0].order_no}</b> 的发票
            </span>
          ) : (
            '正在查看一个订单的发票'
          )}
          <button type="button" className="yct-linkbtn" onClick={() => go({ status })}>
            查看全部发票
          </button>
        </div>
      ) : null}
      <Tabs
        activeKey={status}
        onChange={(k) => go({ status: k, order_id: orderId })}
        items={STATUS_TABS.map((t) => ({ key: t.key, label: t.label }))}
        className="yct-fp-tabs"
        data-testid="invoice-status-tabs"
      />
      <PagedTable<Invoice>
        query={list}
        loading={<PanelLoading />}
        empty={
          <EmptyState description={status === 'all' ? '暂无电子发票：订单完成后将自动开具' : '暂无该状态的发票'}>
            <Link to="/order?status=2" className="yct-btn">
              查看待收货订单
            </Link>
          </EmptyState>
        }
        pager={{ className: 'yct-fp-pager', onChange: (p) => go({ status, order_id: orderId, page: p }), showTotal: (n) => `共 ${n} 张` }}
        className="yct-fp-table"
        rowKey="id"
        size="middle"
        columns={invoiceColumns(setChoosing, setViewing)}
        rowData={(i) => ({ 'data-testid': 'invoice-row', 'data-id': i.id, 'data-kind': i.kind, 'data-status': i.status })}
      />
      <InvoiceDetailModal id={viewing} onClose={() => setViewing(null)} />
      <ChooseTitleModal invoice={choosing} onClose={() => setChoosing(null)} />
    </div>
  );
}

export default function InvoicesPage() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'title' ? 'title' : 'list';
  const showTitles = () => setSearch({ tab: 'title' });
  return (
    <AccountLayout title="电子发票">
      <RequireAccount>
        <div className="yct-fp" data-testid="invoices-page">
          <Tabs
            activeKey={tab}
            onChange={(k) => setSearch(k === 'title' ? { tab: 'title' } : {})}
            items={[
              { key: 'list', label: '我的发票', children: tab === 'list' ? <InvoiceList onManageTitles={showTitles} /> : null },
              { key: 'title', label: '发票抬头', children: tab === 'title' ? <TitlesPanel /> : null },
            ]}
            className="yct-fp-main-tabs"
            data-testid="invoice-tabs"
          />
        </div>
      </RequireAccount>
    </AccountLayout>
  );
}

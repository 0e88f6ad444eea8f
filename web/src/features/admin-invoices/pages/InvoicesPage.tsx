/**
 * /admin/invoices 财务 › 电子发票 (finance:invoice): every invoice, newest first, by order or invoice number, buyer,
 * status, kind and issue days, its lines a click away, exported as CSV; 立即开票 of a paid order with no invoice
 * in force, 红冲 of an issued blue invoice, 下载 PDF; 开票设置, the seller and the rate of each goods class.
 */
import { FileAddOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { AdminInvoice, InvoiceLine } from '@core/schemas/invoices';
import type { CsvColumn } from '@/lib/admin/csv';
import { formatTime } from '@/lib/admin/format';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { adminPdfUrl, getInvoices, INVOICE_FILTERS, INVOICES_KEY } from '../api/invoices';
import { InvoicesFilters } from '../components/InvoicesFilters';
import { IssueModal } from '../components/IssueModal';
import { ReverseModal } from '../components/ReverseModal';
import { SettingsModal } from '../components/SettingsModal';
import '../admin-invoices.css';

const STATUS_COLOURS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'default' };

const csv: CsvColumn<AdminInvoice>[] = [
  { title: '发票号码', value: (i) => i.invoice_no },
  { title: '发票类型', value: (i) => i.kind_text },
  { title: '状态', value: (i) => i.status_text },
  { title: '订单号', value: (i) => i.order_no },
  { title: '客户', value: (i) => i.buyer.company },
  { title: '用户名', value: (i) => i.buyer.username },
  { title: '发票抬头', value: (i) => i.title?.company ?? '' },
  { title: '税号', value: (i) => i.title?.tax_no ?? '' },
  { title: '金额(元)', value: (i) => i.amount },
  { title: '价税合计(大写)', value: (i) => i.amount_words },
  { title: '开票时间', value: (i) => formatTime(i.issued_at, '') },
  { title: '开票人', value: (i) => i.issued_by },
  { title: '对应蓝字发票', value: (i) => i.reverses_no },
  { title: '红字发票', value: (i) => i.reversed_by_no },
];

/** As the invoice prints them: 单价 and 金额 without tax, then the rate and the tax. */
const lineColumns: TableColumnsType<InvoiceLine> = [
  { title: '项目名称', dataIndex: 'item_name' },
  { title: '规格型号', dataIndex: 'spec', width: 130 },
  { title: '单位', dataIndex: 'unit', width: 56 },
  { title: '数量', dataIndex: 'quantity', width: 64, align: 'right' },
  { title: '单价', dataIndex: 'net_unit_price', width: 96, align: 'right' },
  { title: '金额', dataIndex: 'net_amount', width: 96, align: 'right' },
  { title: '税率/征收率', dataIndex: 'rate', width: 96, align: 'center', render: (r: number) => `${r}%` },
  { title: '税额', dataIndex: 'tax_amount', width: 88, align: 'right' },
];

function Lines({ invoice }: { invoice: AdminInvoice }) {
  return (
    <div className="yct-admin-fp__lines" data-testid="invoice-lines">
      <Table<InvoiceLine> size="small" rowKey={(l) => `${l.name}-${l.spec}-${l.amount}`} columns={lineColumns} dataSource={invoice.lines} pagination={false} />
      <div className="yct-admin-fp__words">
        <span>
          合计金额 <b>¥{invoice.net_amount}</b>
        </span>
        <span>
          合计税额 <b>¥{invoice.tax_amount}</b>
        </span>
        价税合计（大写）<b>{invoice.amount_words}</b>
        <span>
          （小写）<b>¥{invoice.amount}</b>
        </span>
        {invoice.title?.address_phone ? <span>地址电话：{invoice.title.address_phone}</span> : null}
        {invoice.title?.bank_account ? <span>开户行及账号：{invoice.title.bank_account}</span> : null}
      </div>
    </div>
  );
}

export default function InvoicesPage() {
  const [issuing, setIssuing] = useState<{ orderNo?: string } | null>(null);
  const [reversing, setReversing] = useState<AdminInvoice | null>(null);
  const [setting, setSetting] = useState(false);
  const columns: TableColumnsType<AdminInvoice> = [
    {
      title: '发票号码 / 类型 / 状态',
      key: 'no',
      width: 190,
      render: (_, i) => (
        <div className="yct-admin-fp__stack">
          <span className="yct-admin-fp__mono" data-testid="invoice-row-no" data-id={i.id}>
            {i.invoice_no || '（待开票）'}
          </span>
          <span>
            <Tag color={i.kind === 'red' ? 'red' : 'blue'}>{i.kind_text}</Tag>
            <Tag color={STATUS_COLOURS[i.status]} data-testid="invoice-row-status">
              {i.status_text}
            </Tag>
          </span>
          {i.reverses_no ? <small>冲 {i.reverses_no}</small> : null}
          {i.reversed_by_no ? <small>红字 {i.reversed_by_no}</small> : null}
        </div>
      ),
    },
    {
      title: '订单 / 客户',
      key: 'order',
      width: 196,
      render: (_, i) => (
        <div className="yct-admin-fp__stack">
          <span className="yct-admin-fp__mono">{i.order_no}</span>
          <small>
            {i.buyer.company}（{i.buyer.username}）
          </small>
        </div>
      ),
    },
    {
      title: '发票抬头 / 税号',
      key: 'title',
      render: (_, i) =>
        i.title ? (
          <div className="yct-admin-fp__stack">
            <span>{i.title.company}</span>
            <small className="yct-admin-fp__mono">{i.title.tax_no}</small>
          </div>
        ) : (
          <span className="yct-admin-fp__muted">客户尚未选择抬头</span>
        ),
    },
    {
      title: '金额',
      dataIndex: 'amount',
      width: 104,
      align: 'right',
      render: (a: string, i) => <b className={i.kind === 'red' ? 'yct-admin-fp__neg' : 'yct-admin-red'}>{a.startsWith('-') ? `-¥${a.slice(1)}` : `¥${a}`}</b>,
    },
    {
      title: '开票时间 / 开票人',
      key: 'at',
      width: 150,
      render: (_, i) => (
        <div className="yct-admin-fp__stack">
          <span>{formatTime(i.issued_at)}</span>
          <small>{i.issued_by || '—'}</small>
        </div>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      fixed: 'right',
      render: (_, i) => (
        <Space size={0} wrap>
          {i.can_download ? (
            <Button type="link" size="small" href={adminPdfUrl(i.id)} download data-testid="invoice-row-pdf">
              下载PDF
            </Button>
          ) : null}
          {i.kind === 'blue' && i.status === 1 ? (
            <Button type="link" size="small" danger onClick={() => setReversing(i)} data-testid="invoice-row-reverse">
              红冲
            </Button>
          ) : null}
          {i.status === 0 ? (
            <Button type="link" size="small" onClick={() => setIssuing({ orderNo: i.order_no })} data-testid="invoice-row-issue">
              立即开票
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <AdminPanel title="电子发票" data-testid="invoices-page">
      <AdminTable<AdminInvoice>
        data-testid="invoices-table"
        queryKey={INVOICES_KEY}
        fetchPage={getInvoices}
        filterKeys={INVOICE_FILTERS}
        rowKey="id"
        columns={columns}
        scrollX={1000}
        expandable={{ expandedRowRender: (i) => <Lines invoice={i} />, rowExpandable: (i) => i.lines.length > 0 }}
        csv={{ name: '电子发票', columns: csv }}
        emptyText="暂无发票"
        actions={
          <Space>
            <Button icon={<SettingOutlined />} onClick={() => setSetting(true)} data-testid="invoice-settings">
              开票设置
            </Button>
            <Button type="primary" icon={<FileAddOutlined />} onClick={() => setIssuing({})} data-testid="invoice-issue">
              立即开票
            </Button>
          </Space>
        }
        filters={<InvoicesFilters />}
      />
      <IssueModal open={issuing !== null} orderNo={issuing?.orderNo} onClose={() => setIssuing(null)} />
      <ReverseModal invoice={reversing} onClose={() => setReversing(null)} />
      <SettingsModal open={setting} onClose={() => setSetting(false)} />
    </AdminPanel>
  );
}

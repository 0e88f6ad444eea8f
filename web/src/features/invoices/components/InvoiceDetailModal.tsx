/**
 * One invoice as the PDF shows it: number, date, title, each line with 金额 and 税额 at its rate, their sums, the
 * total in figures and in capitals.
 */
import { Descriptions, Modal, Table, type TableColumnsType } from 'antd';
import type { InvoiceLine } from '@core/schemas/invoices';
import { ErrorState } from '@/ui/ErrorState';
import { PanelLoading } from '@/ui/account/PanelStates';
import { pdfUrl, useInvoice } from '../api/get-invoices';
import { dayOf, statusClass, yuanText } from '../lib/format';

/** As the invoice prints them: 单价 and 金额 without tax, then the rate and the tax. */
const columns: TableColumnsType<InvoiceLine> = [
  { title: '项目名称', dataIndex: 'item_name' },
  { title: '规格型号', dataIndex: 'spec', width: 104 },
  { title: '单位', dataIndex: 'unit', width: 48, align: 'center' },
  { title: '数量', dataIndex: 'quantity', width: 56, align: 'right' },
  { title: '单价', dataIndex: 'net_unit_price', width: 88, align: 'right' },
  { title: '金额', dataIndex: 'net_amount', width: 88, align: 'right' },
  { title: '税率/征收率', dataIndex: 'rate', width: 92, align: 'center', render: (r: number) => `${r}%` },
  { title: '税额', dataIndex: 'tax_amount', width: 80, align: 'right' },
];

export function InvoiceDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useInvoice(id);
  const d = detail.data;
  let body;
  if (detail.isPending) body = <PanelLoading />;
  else if (detail.isError || !d) body = <ErrorState onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  else
    body = (
      <div data-testid="invoice-detail">
        <Descriptions
          size="small"
          column={2}
          bordered
          className="yct-fp-detail__desc"
          items={[
            { key: 'no', label: '发票号码', children: d.invoice_no || '—' },
            { key: 'date', label: '开票日期', children: dayOf(d.issued_at) },
            { key: 'kind', label: '发票类型', children: d.kind_text },
            { key: 'status', label: '状态', children: <b className={statusClass(d)}>{d.status_text}</b> },
            { key: 'company', label: '发票抬头', children: d.title?.company ?? '待选择' },
            { key: 'tax', label: '税号', children: d.title?.tax_no ?? '—' },
            { key: 'order', label: '订单编号', children: d.order_no },
            ...(d.reverses_no ? [{ key: 'rev', label: '对应蓝字发票', children: d.reverses_no }] : []),
            ...(d.reversed_by_no ? [{ key: 'red', label: '红字发票', children: d.reversed_by_no }] : []),
          ]}
        />
        <Table<InvoiceLine>
          className="yct-fp-table yct-fp-detail__lines"
          rowKey={(l) => `${l.name}-${l.spec}-${l.amount}`}
          size="small"
          columns={columns}
          dataSource={d.lines}
          pagination={false}
        />
        <div className="yct-fp-detail__sums" data-testid="invoice-sums">
          <span>
            合计金额 <b>{yuanText(d.net_amount)}</b>
          </span>
          <span>
            合计税额 <b>{yuanText(d.tax_amount)}</b>
          </span>
        </div>
        <div className="yct-fp-detail__total">
          <span>
            价税合计（大写）<b data-testid="invoice-words">{d.amount_words}</b>
          </span>
          <span>
            （小写）<b className="yct-fp-amount">{yuanText(d.amount)}</b>
          </span>
        </div>
      </div>
    );
  return (
    <Modal
      open={id !== null}
      title="发票详情"
      onCancel={onClose}
      width={820}
      destroyOnHidden
      footer={
        d?.can_download ? (
          <a className="yct-btn yct-btn--primary" href={pdfUrl(d.id)} download data-testid="invoice-detail-download">
            下载 PDF
          </a>
        ) : null
      }
    >
      {body}
    </Modal>
  );
}

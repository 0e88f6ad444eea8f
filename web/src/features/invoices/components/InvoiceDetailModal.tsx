/** One invoice as the PDF shows it: number, date, title, each line, the total in figures and in capitals. */
import { Descriptions, Modal, Table, type TableColumnsType } from 'antd';
import type { InvoiceLine } from '@core/schemas/invoices';
import { ErrorState } from '@/ui/ErrorState';
import { PanelLoading } from '@/ui/account/PanelStates';
import { pdfUrl, useInvoice } from '../api/get-invoices';
import { dayOf, statusClass, yuanText } from '../lib/format';

const columns: TableColumnsType<InvoiceLine> = [
  { title: '项目名称', dataIndex: 'name' },
  { title: '规格型号', dataIndex: 'spec', width: 120 },
  { title: '单位', dataIndex: 'unit', width: 56, align: 'center' },
  { title: '数量', dataIndex: 'quantity', width: 64, align: 'right' },
  { title: '单价（元）', dataIndex: 'unit_price', width: 96, align: 'right' },
  { title: '金额（元）', dataIndex: 'amount', width: 104, align: 'right' },
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

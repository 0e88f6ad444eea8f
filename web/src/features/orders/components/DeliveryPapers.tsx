/**
 * 随货单据 of a shipped order: the 随货同行单 (PDF, stamped with the 出库专用章) and the trace codes of every box
 * (Excel, or CSV for a pharmacy system that reads only that), to load into the pharmacy's own system.
 */
import { FileExcelOutlined, FilePdfOutlined, FileTextOutlined } from '@ant-design/icons';

const SHIPPED = 2;
const DONE = 3;

const deliveryNoteUrl = (id: number) => `/api/trace/order/${id}/delivery-note`;
const traceCodesUrl = (id: number, format: 'xlsx' | 'csv') => `/api/trace/order/${id}/codes?format=${format}`;

export function DeliveryPapers({ orderId, status }: { orderId: number; status: number }) {
  if (status !== SHIPPED && status !== DONE) return null;
  return (
    <section className="yct-ord-section" data-testid="order-papers">
      <header className="yct-ord-section__head">
        <h2>随货单据</h2>
        <div className="yct-ord-section__extra">
          <span className="yct-muted">随货同行单加盖出库专用章；追溯码可导入本店系统，用于医保结算与追溯上传</span>
        </div>
      </header>
      <div className="yct-ord-papers">
        <a className="yct-btn" href={deliveryNoteUrl(orderId)} download data-testid="paper-note">
          <FilePdfOutlined /> 下载随货同行单（PDF）
        </a>
        <a className="yct-btn" href={traceCodesUrl(orderId, 'xlsx')} download data-testid="paper-codes-xlsx">
          <FileExcelOutlined /> 下载追溯码（Excel）
        </a>
        <a className="yct-btn" href={traceCodesUrl(orderId, 'csv')} download data-testid="paper-codes-csv">
          <FileTextOutlined /> 下载追溯码（CSV）
        </a>
      </div>
    </section>
  );
}

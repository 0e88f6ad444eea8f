/** 批号与药检报告 of an order: each batch its lines came from, with its dates and the stamped inspection report. */
import { FileProtectOutlined } from '@ant-design/icons';
import { Table, type TableColumnsType } from 'antd';
import type { ReportBatch } from '@core/schemas/quality';
import { reportUrl, useOrderReports } from '../api/get-order-reports';

const columns: TableColumnsType<ReportBatch> = [
  {
    title: '商品',
    key: 'name',
    render: (_, r) => (
      <span>
        {r.name} <span className="yct-muted">{r.ypgg}</span>
      </span>
    ),
  },
  { title: '批号', dataIndex: 'batch_no', width: 140, render: (n: string) => <b>{n}</b> },
  { title: '生产日期', dataIndex: 'scrq', width: 110 },
  { title: '有效期至', dataIndex: 'xq', width: 110 },
  {
    title: '药检报告',
    key: 'report',
    width: 130,
    render: (_, r) =>
      r.has_report ? (
        <a href={reportUrl(r)} target="_blank" rel="noreferrer" data-testid="order-report-open">
          <FileProtectOutlined /> 查看报告
        </a>
      ) : (
        <span className="yct-muted">待上传</span>
      ),
  },
];

export function BatchReports({ orderId }: { orderId: number }) {
  const reports = useOrderReports(orderId);
  if (!reports.data?.length) return null;
  return (
    <section className="yct-ord-section" data-testid="order-reports">
      <header className="yct-ord-section__head">
        <h2>批号与药检报告</h2>
        <div className="yct-ord-section__extra">
          <span className="yct-muted">检验报告书均加盖本公司质量管理专用章，可打印随货留存</span>
        </div>
      </header>
      <Table<ReportBatch> rowKey={(r) => `${r.goods_id}-${r.batch_no}`} size="small" columns={columns} dataSource={reports.data} pagination={false} />
    </section>
  );
}

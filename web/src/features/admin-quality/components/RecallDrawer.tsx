/** A batch's recall list: every order that took units of it, with buyer, units, returns and where it went; 导出Excel. */
import { DownloadOutlined } from '@ant-design/icons';
import { App, Alert, Button, Descriptions, Drawer, Statistic, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { RecallRecipient } from '@core/schemas/quality';
import { errorText } from '@/lib/admin/http';
import { chinaMinute } from '@/lib/china-time';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { downloadExcel, useRecall } from '../api/batches';
import { BatchStatusTag } from './BatchParts';

const columns: TableColumnsType<RecallRecipient> = [
  {
    title: '客户',
    key: 'company',
    width: 200,
    render: (_, r) => (
      <div className="yct-aq-stack">
        <b>{r.company || r.username}</b>
        <span className="yct-muted">{r.username}</span>
      </div>
    ),
  },
  {
    title: '订单',
    key: 'order',
    width: 190,
    render: (_, r) => (
      <div className="yct-aq-stack">
        <a href={`/admin/orders/${r.order_id}`} className="yct-aq-mono">
          {r.order_no}
        </a>
        <span className="yct-muted">
          {r.order_status}
          {r.shipped_at ? ` · ${chinaMinute(r.shipped_at)} 发货` : ''}
        </span>
      </div>
    ),
  },
  { title: '数量', dataIndex: 'units', width: 64, align: 'right' },
  { title: '已退回', dataIndex: 'returned', width: 70, align: 'right', render: (n: number) => (n ? n : <span className="yct-muted">0</span>) },
  {
    title: '收货人 / 电话',
    key: 'contact',
    width: 150,
    render: (_, r) => (
      <div className="yct-aq-stack">
        <span>{r.receiver}</span>
        <span className="yct-aq-mono">{r.phone}</span>
      </div>
    ),
  },
  { title: '收货地址', dataIndex: 'address', ellipsis: true },
];

export function RecallDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const recall = useRecall(id);
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const r = recall.data;
  const exportList = async () => {
    if (!r) return;
    setExporting(true);
    try {
      await downloadExcel(`/api/admin/quality/batches/${r.batch.id}/recall/export`, {}, `召回清单-${r.batch.name}-${r.batch.batch_no}.xlsx`);
    } catch (e) {
      void message.error(`导出失败：${errorText(e)}`);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={980}
      title="召回客户清单"
      extra={
        <Button icon={<DownloadOutlined />} onClick={() => void exportList()} loading={exporting} disabled={!r?.recipients.length} data-testid="recall-export">
          导出Excel
        </Button>
      }
      data-testid="recall-drawer"
    >
      {recall.isError ? <LoadFailed error={recall.error} onRetry={() => void recall.refetch()} retrying={recall.isFetching} /> : null}
      {r ? (
        <>
          <Descriptions size="small" column={3} bordered className="yct-aq-desc">
            <Descriptions.Item label="商品" span={2}>
              {r.batch.name} {r.batch.ypgg}（{r.batch.sccj}）
            </Descriptions.Item>
            <Descriptions.Item label="批号">
              <b className="yct-aq-mono">{r.batch.batch_no}</b>
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <BatchStatusTag batch={r.batch} />
            </Descriptions.Item>
            <Descriptions.Item label="生产日期 / 效期至">
              {r.batch.scrq} / {r.batch.xq}
            </Descriptions.Item>
            <Descriptions.Item label="供货单位">{r.batch.supplier || '—'}</Descriptions.Item>
            {r.batch.reason ? (
              <Descriptions.Item label="锁定原因" span={3}>
                {r.batch.reason}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <div className="yct-aq-stats">
            <Statistic title="涉及客户" value={r.buyers} suffix="家" />
            <Statistic title="涉及订单" value={r.recipients.length} suffix="单" />
            <Statistic title="涉及数量（未退回）" value={r.units} suffix={r.batch.bzdw} />
            <Statistic title="在库" value={r.batch.quantity} suffix={r.batch.bzdw} />
          </div>
          {r.batch.status === 2 ? (
            <Alert
              type="warning"
              showIcon
              title="该批号已锁定：停止销售，购物车与下单均不可再购买；清单中的客户已收到站内消息通知。"
              description={
                r.recipients.some((x) => !x.shipped_at) ? <Tag color="orange">有订单尚未发货：解除锁定前这些订单不能发货，可取消或退款后释放占用</Tag> : null
              }
              className="yct-aq-alert"
            />
          ) : null}
          <Table<RecallRecipient>
            size="small"
            rowKey="order_id"
            columns={columns}
            dataSource={r.recipients}
            pagination={r.recipients.length > 20 ? { pageSize: 20, size: 'small', showSizeChanger: false, showTotal: (t) => `共 ${t} 单` } : false}
            locale={{ emptyText: '该批号尚无客户购买' }}
            data-testid="recall-list"
          />
        </>
      ) : recall.isPending && id !== null ? (
        <Table size="small" loading columns={columns} dataSource={[]} />
      ) : null}
    </Drawer>
  );
}

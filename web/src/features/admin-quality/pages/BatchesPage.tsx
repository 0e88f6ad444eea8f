/**
 * 质量管理 › 批次管理: every batch with what it holds (在库, 订单占用, 可售, 退货待验), its status and report, 待验
 * first; 入库登记 for the warehouse, 验收, 锁定/召回 and the list of buyers for qa.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { AdminBatch } from '@core/schemas/quality';
import { useCan } from '@/lib/admin/me';
import { chinaMinute } from '@/lib/china-time';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { FilterForm } from '@/ui/admin/FilterForm';
import { BATCH_FILTERS, BATCHES_KEY, getBatchPage } from '../api/batches';
import { BatchActions } from '../components/BatchActions';
import { BatchStatusTag, ExpiryCell } from '../components/BatchParts';
import { ReceiveModal } from '../components/ReceiveModal';
import { RecallDrawer } from '../components/RecallDrawer';
import '../admin-quality.css';

const STATUS_OPTIONS = [
  { value: '0', label: '待验' },
  { value: '1', label: '合格' },
  { value: '2', label: '锁定' },
  { value: '3', label: '不合格' },
];

const units = (n: number, unit: string) => (n ? `${n}${unit}` : <span className="yct-muted">0</span>);

export default function BatchesPage() {
  const receiving = useCan('batch:receive');
  const [receiveOpen, setReceiveOpen] = useState(false);
  const [recallId, setRecallId] = useState<number | null>(null);

  const columns: TableColumnsType<AdminBatch> = [
    {
      title: '商品',
      key: 'goods',
      width: 230,
      render: (_, b) => (
        <div className="yct-aq-stack">
          <b>{b.name}</b>
          <span className="yct-muted">
            {b.ypgg} · {b.sccj}
          </span>
        </div>
      ),
    },
    { title: '批号', dataIndex: 'batch_no', width: 120, render: (n: string) => <b className="yct-aq-mono">{n}</b> },
    { title: '生产日期', dataIndex: 'scrq', width: 100, render: (d: string) => <span className="yct-aq-mono">{d}</span> },
    { title: '效期至', key: 'xq', width: 110, render: (_, b) => <ExpiryCell batch={b} /> },
    {
      title: '状态',
      key: 'status',
      width: 86,
      render: (_, b) => (
        <div className="yct-aq-stack">
          <BatchStatusTag batch={b} />
          {b.status === 1 && !b.sells ? (
            <Tooltip title="剩余效期短于商品的最短销售效期，仅在近效期专场销售">
              <Tag color="orange">近效期</Tag>
            </Tooltip>
          ) : null}
        </div>
      ),
    },
    { title: '在库', key: 'quantity', width: 80, align: 'right', render: (_, b) => units(b.quantity, b.bzdw) },
    { title: '订单占用', key: 'held', width: 80, align: 'right', render: (_, b) => units(b.held, b.bzdw) },
    {
      title: '可售',
      key: 'free',
      width: 80,
      align: 'right',
      render: (_, b) => (b.sells ? <b className="yct-aq-ok">{units(b.free, b.bzdw)}</b> : <span className="yct-muted">不可售</span>),
    },
    {
      title: '退货待验',
      key: 'returns',
      width: 80,
      align: 'right',
      render: (_, b) => (b.returns_pending ? <Tag color="gold">{`${b.returns_pending}${b.bzdw}`}</Tag> : <span className="yct-muted">—</span>),
    },
    {
      title: '供货单位 / 入库',
      key: 'supplier',
      width: 170,
      render: (_, b) => (
        <div className="yct-aq-stack">
          <span className="yct-aq-ellipsis" title={b.supplier}>
            {b.supplier || '—'}
          </span>
          <span className="yct-muted">{chinaMinute(b.created_at)}</span>
        </div>
      ),
    },
    {
      title: '药检报告',
      key: 'report',
      width: 80,
      render: (_, b) => (b.has_report ? <Tag color="blue">已上传</Tag> : <Tag>未上传</Tag>),
    },
    { title: '操作', key: 'op', width: 200, fixed: 'right', render: (_, b) => <BatchActions batch={b} onRecall={setRecallId} /> },
  ];

  return (
    <AdminPanel>
      <AdminTable<AdminBatch>
        queryKey={[...BATCHES_KEY, 'list']}
        fetchPage={getBatchPage}
        filterKeys={BATCH_FILTERS}
        columns={columns}
        rowKey="id"
        scrollX={1480}
        emptyText="暂无批次"
        filters={
          <FilterForm keys={BATCH_FILTERS} data-testid="batch-filters">
            <Form.Item name="keyword">
              <Input allowClear placeholder="商品名称、拼音首字母或批号" style={{ width: 240 }} data-testid="batch-keyword" />
            </Form.Item>
            <Form.Item name="status">
              <Select allowClear placeholder="全部状态" options={STATUS_OPTIONS} style={{ width: 120 }} data-testid="batch-status-filter" />
            </Form.Item>
          </FilterForm>
        }
        actions={
          receiving ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setReceiveOpen(true)} data-testid="receive-open">
              入库登记
            </Button>
          ) : null
        }
        data-testid="batch-table"
      />
      {receiveOpen ? <ReceiveModal open onClose={() => setReceiveOpen(false)} /> : null}
      <RecallDrawer id={recallId} onClose={() => setRecallId(null)} />
    </AdminPanel>
  );
}

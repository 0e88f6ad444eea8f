/**
 * 质量管理 › 批次管理: every batch with what it holds (在库, 订单占用, 退货待验), where it sells (with its goods, in
 * the near-expiry zone at its price, or not and why), its status and report, 待验 first; 入库登记 for the warehouse, 验收, 锁定/召回 and the list of buyers for qa.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Select, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { AdminBatch } from '@core/schemas/quality';
import { useListQuery } from '@/lib/admin/list';
import { useCan } from '@/lib/admin/me';
import { chinaMinute } from '@/lib/china-time';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { FilterForm } from '@/ui/admin/FilterForm';
import { BATCH_FILTERS, BATCHES_KEY, getBatchPage } from '../api/batches';
import { BatchActions } from '../components/BatchActions';
import { BatchStatusTag, ExpiryCell, SaleCell } from '../components/BatchParts';
import { ReceiveModal } from '../components/ReceiveModal';
import { RecallDrawer } from '../components/RecallDrawer';
import '../admin-quality.css';

const STATUS_OPTIONS = [
  { value: '0', label: '待验' },
  { value: '1', label: '合格' },
  { value: '2', label: '锁定' },
  { value: '3', label: '不合格' },
];

/** The filter row's own fields; the goods a list is narrowed to stays until 查看全部批次. */
const FORM_FILTERS = ['keyword', 'status'] as const;

const units = (n: number, unit: string) => (n ? `${n}${unit}` : <span className="yct-muted">0</span>);

/**
 * A list narrowed to one goods (from its 库存 panel) or to the batches a near-expiry daily report named (from its
 * notice on the 工作台) says so, with the way back to every batch.
 */
function GoodsScope() {
  const { filters, setFilters } = useListQuery(BATCH_FILTERS);
  if (!filters.goods_id && !filters.near_report) return null;
  const title = filters.goods_id ? `仅显示商品 #${filters.goods_id} 的批次` : `仅显示 ${filters.near_report} 近效期批次日报中的批次`;
  return (
    <Alert
      type="info"
      showIcon
      className="yct-aq-alert"
      title={title}
      action={
        <Button size="small" onClick={() => setFilters({ goods_id: null, near_report: null })} data-testid="batch-goods-clear">
          查看全部批次
        </Button>
      }
    />
  );
}

export default function BatchesPage() {
  const receiving = useCan('batch:receive');
  const [receiveOpen, setReceiveOpen] = useState(false);
  const [recallId, setRecallId] = useState<number | null>(null);

  const columns: TableColumnsType<AdminBatch> = [
    {
      title: '商品',
      key: 'goods',
      width: 200,
      render: (_, b) => (
        <div className="yct-aq-stack">
          <b>{b.name}</b>
          <span className="yct-muted">
            {b.ypgg} · {b.sccj}
          </span>
        </div>
      ),
    },
    {
      title: '批号',
      key: 'batch_no',
      width: 116,
      render: (_, b) => (
        <div className="yct-aq-stack">
          <b className="yct-aq-mono">{b.batch_no}</b>
          {b.has_report ? <span className="yct-aq-report is-on">有药检报告</span> : <span className="yct-aq-report">无药检报告</span>}
        </div>
      ),
    },
    {
      title: '生产日期 / 效期至',
      key: 'xq',
      width: 128,
      render: (_, b) => (
        <div className="yct-aq-stack">
          <span className="yct-aq-mono yct-muted">{b.scrq}</span>
          <ExpiryCell batch={b} />
        </div>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 76,
      render: (_, b) => (
        <div className="yct-aq-stack">
          <BatchStatusTag batch={b} />
          {b.status === 1 && !b.sells && b.days_left > 0 ? (
            <Tooltip title="剩余效期短于商品的最短销售效期，仅在近效期专场销售">
              <Tag color="orange">近效期</Tag>
            </Tooltip>
          ) : null}
        </div>
      ),
    },
    {
      title: '在库',
      key: 'quantity',
      width: 84,
      align: 'right',
      render: (_, b) => (
        <div className="yct-aq-stack">
          <span>{units(b.quantity, b.bzdw)}</span>
          {b.returns_pending ? (
            <Tooltip title="买家退回、等待质管验收的数量，不计入在库与可售">
              <Tag color="gold" className="yct-aq-tag">{`退货待验${b.returns_pending}`}</Tag>
            </Tooltip>
          ) : null}
        </div>
      ),
    },
    { title: '订单占用', key: 'held', width: 76, align: 'right', render: (_, b) => units(b.held, b.bzdw) },
    { title: '可售', key: 'free', width: 124, align: 'right', render: (_, b) => <SaleCell batch={b} /> },
    {
      title: '供货单位 / 入库时间',
      key: 'supplier',
      width: 150,
      render: (_, b) => (
        <div className="yct-aq-stack">
          <span className="yct-aq-ellipsis" title={b.supplier}>
            {b.supplier || '—'}
          </span>
          <span className="yct-muted">{chinaMinute(b.created_at)}</span>
        </div>
      ),
    },
    { title: '操作', key: 'op', width: 190, fixed: 'right', render: (_, b) => <BatchActions batch={b} onRecall={setRecallId} /> },
  ];

  return (
    <AdminPanel>
      <GoodsScope />
      <AdminTable<AdminBatch>
        queryKey={[...BATCHES_KEY, 'list']}
        fetchPage={getBatchPage}
        filterKeys={BATCH_FILTERS}
        columns={columns}
        rowKey="id"
        scrollX={1124}
        emptyText="暂无批次"
        filters={
          <FilterForm keys={FORM_FILTERS} data-testid="batch-filters">
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

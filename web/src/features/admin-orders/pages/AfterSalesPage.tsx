/**
 * /admin/after-sales 退货售后 (after_sale:decide): returns and after-sales requests, waiting first, by state (tabs)
 * and kind, kept in the URL; the dashboard's queues open it at `?status=0` (to decide) and `?status=1` (goods to
 * receive, money to give back). Each row carries its next step.
 */
import { Form, Select, Tabs } from 'antd';
import type { AdminAfterSale } from '@core/schemas/admin-orders';
import type { CsvColumn } from '@/lib/admin/csv';
import { formatTime } from '@/lib/admin/format';
import { useListQuery } from '@/lib/admin/list';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { FilterForm } from '@/ui/admin/FilterForm';
import { AFTER_SALE_FILTERS, AFTER_SALES_KEY, getAfterSales } from '../api/after-sales';
import { afterSaleColumns } from '../components/AfterSalesTable';
import { AFTER_SALE_KIND_TEXT } from '../lib/labels';
import '../orders.css';

const TABS = [
  { key: '', label: '全部' },
  { key: '0', label: '待审核' },
  { key: '1', label: '待收货/退款' },
  { key: '3', label: '已完成' },
  { key: '2', label: '已驳回' },
];

const columns = afterSaleColumns({ withOrder: true });

const csv: CsvColumn<AdminAfterSale>[] = [
  { title: '编号', value: (a) => a.id },
  { title: '类型', value: (a) => AFTER_SALE_KIND_TEXT[a.kind] },
  { title: '订单号', value: (a) => a.order_no },
  { title: '客户', value: (a) => a.buyer.company },
  { title: '商品', value: (a) => a.lines.map((l) => `${l.name}×${l.number}${l.bzdw}`).join('；') },
  { title: '申请原因', value: (a) => a.reason },
  { title: '状态', value: (a) => a.status_text },
  { title: '退款金额', value: (a) => (a.refunded_at ? a.refund_amount : '') },
  { title: '处理说明', value: (a) => a.reply },
  { title: '申请时间', value: (a) => formatTime(a.created_at, '') },
  { title: '退款时间', value: (a) => formatTime(a.refunded_at, '') },
];

export default function AfterSalesPage() {
  const { filters, setFilters } = useListQuery(AFTER_SALE_FILTERS);
  const tab = filters.status ?? '';
  return (
    <AdminPanel title="退货售后" data-testid="after-sales-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setFilters({ status: key || null })}
        items={TABS}
        className="yct-admin-orders__tabs"
        data-testid="after-sales-tabs"
      />
      <AdminTable<AdminAfterSale>
        data-testid="after-sales-table"
        queryKey={[...AFTER_SALES_KEY, 'list']}
        fetchPage={getAfterSales}
        filterKeys={AFTER_SALE_FILTERS}
        rowKey="id"
        columns={columns}
        scrollX={1000}
        csv={{ name: '退货售后', columns: csv }}
        emptyText={tab === '0' ? '没有待审核的申请' : tab === '1' ? '没有待收货或待退款的申请' : '没有符合条件的申请'}
        filters={
          <FilterForm keys={['kind']} data-testid="after-sales-filters">
            <Form.Item name="kind" label="类型">
              <Select
                placeholder="全部"
                allowClear
                style={{ width: 120 }}
                options={Object.entries(AFTER_SALE_KIND_TEXT).map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
          </FilterForm>
        }
      />
    </AdminPanel>
  );
}

/**
 * /admin/check 出库复核 (order:read): the 待发货 orders, newest first, each opened for scanning; the order number
 * box takes a number typed or scanned from the picking list and opens that order.
 */
import { ScanOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminOrderRow } from '@core/schemas/admin-orders';
import { formatTime } from '@/lib/admin/format';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { toShipQuery } from '../api/trace';
import '../trace.css';

const columns: TableColumnsType<AdminOrderRow> = [
  { title: '订单编号', dataIndex: 'order_no', width: 200, render: (no: string, o) => <Link to={`/admin/check/${o.id}`}>{no}</Link> },
  { title: '购货单位', key: 'buyer', render: (_, o) => o.buyer.company },
  { title: '收货人', dataIndex: 'consignee', width: 180 },
  { title: '商品', dataIndex: 'item_count', width: 80, align: 'right', render: (n: number) => `${n}种` },
  { title: '付款时间', dataIndex: 'paid_at', width: 160, render: (t: number | null) => formatTime(t) },
  {
    title: '操作',
    key: 'go',
    width: 110,
    render: (_, o) => (
      <Link to={`/admin/check/${o.id}`}>
        <Button size="small" type="primary" icon={<ScanOutlined />}>
          扫码复核
        </Button>
      </Link>
    ),
  },
];

export default function CheckListPage() {
  const [keyword, setKeyword] = useState('');
  const navigate = useNavigate();
  const query = useQuery(toShipQuery(keyword));
  const rows = query.data?.data ?? [];
  return (
    <AdminPanel title="出库复核（待发货订单）">
      <Input.Search
        size="large"
        autoFocus
        allowClear
        placeholder="扫描或输入订单编号，回车打开"
        enterButton="查找"
        style={{ maxWidth: 480, marginBottom: 16 }}
        onSearch={(v) => {
          const no = v.trim();
          const hit = rows.find((o) => o.order_no === no);
          if (hit) void navigate(`/admin/check/${hit.id}`);
          else setKeyword(no);
        }}
        data-testid="check-search"
      />
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Table<AdminOrderRow>
          rowKey="id"
          size="middle"
          loading={query.isLoading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: <Empty description={keyword ? '没有这个待发货订单' : '暂无待发货订单'} /> }}
          onRow={(o) => ({ onDoubleClick: () => void navigate(`/admin/check/${o.id}`) })}
        />
      )}
    </AdminPanel>
  );
}

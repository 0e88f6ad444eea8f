/**
 * /admin/coupons/{id}/claims 领取记录 (promotion:write): the copies of one template handed out, claimed in the
 * coupon centre or issued, newest first: the buyer, when, how long it is valid, and the order it was used on.
 * Filtered by state and buyer, exported as CSV.
 */
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Form, Input, Select, Skeleton, Tag, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminCouponClaim } from '@core/schemas/admin-promotions';
import type { CsvColumn } from '@/lib/admin/csv';
import { formatTime } from '@/lib/admin/format';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { FilterForm } from '@/ui/admin/FilterForm';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { CLAIM_FILTERS, COUPONS_KEY, couponQuery, getClaims } from '../api/coupons';
import { couponFace, couponScope } from '../lib/coupon-text';
import '../promotions.css';

const STATUS_COLOURS: Record<string, string> = { 未使用: 'green', 已使用: 'blue', 已过期: 'default' };

const csv: CsvColumn<AdminCouponClaim>[] = [
  { title: 'ID', value: (c) => c.id },
  { title: '领取时间', value: (c) => formatTime(c.created_at, '') },
  { title: '客户', value: (c) => c.company },
  { title: '用户名', value: (c) => c.username },
  { title: '手机号', value: (c) => c.user_phone },
  { title: '有效期开始', value: (c) => formatTime(c.starts_at, '') },
  { title: '有效期结束', value: (c) => formatTime(c.ends_at, '') },
  { title: '状态', value: (c) => c.status_text },
  { title: '使用订单', value: (c) => c.order_no },
  { title: '使用时间', value: (c) => formatTime(c.used_at, '') },
];

const columns: TableColumnsType<AdminCouponClaim> = [
  { title: 'ID', dataIndex: 'id', width: 72 },
  { title: '领取时间', dataIndex: 'created_at', width: 150, render: (s: number) => formatTime(s) },
  {
    title: '客户',
    key: 'buyer',
    ellipsis: true,
    render: (_, c) => (
      <span data-testid="claim-buyer">
        <Link to={`/admin/users/${c.user_id}`}>{c.company || c.username}</Link>
        <span className="yct-admin-muted">
          {' '}
          {c.username} · {c.user_phone}
        </span>
      </span>
    ),
  },
  { title: '有效期', key: 'valid', width: 260, render: (_, c) => `${formatTime(c.starts_at)} 至 ${formatTime(c.ends_at)}` },
  {
    title: '状态',
    dataIndex: 'status_text',
    width: 86,
    render: (s: string) => (
      <Tag color={STATUS_COLOURS[s]} data-testid="claim-status">
        {s}
      </Tag>
    ),
  },
  { title: '使用订单', dataIndex: 'order_no', width: 190, render: (no: string) => no || '—' },
  { title: '使用时间', dataIndex: 'used_at', width: 150, render: (s: number | null) => formatTime(s) },
];

export default function CouponClaimsPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const coupon = useQuery({ ...couponQuery(id), enabled: valid });
  const fetchPage = useMemo(() => getClaims(id), [id]);
  if (coupon.isError) return <LoadFailed error={coupon.error} onRetry={() => void coupon.refetch()} retrying={coupon.isFetching} />;
  const c = coupon.data;
  return (
    <AdminPanel title={c ? `领取记录：${c.name}` : '领取记录'} extra={<Link to="/admin/coupons">返回优惠券列表</Link>} data-testid="claims-page">
      {c ? (
        <Descriptions size="small" column={4} className="yct-admin-claims__summary" data-testid="claims-summary">
          <Descriptions.Item label="面额">{couponFace(c)}</Descriptions.Item>
          <Descriptions.Item label="适用范围">{couponScope(c)}</Descriptions.Item>
          <Descriptions.Item label="已发放">
            {c.claimed} / {c.total || '不限'}
          </Descriptions.Item>
          <Descriptions.Item label="已使用">{c.used}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      )}
      <AdminTable<AdminCouponClaim>
        data-testid="claims-table"
        queryKey={[...COUPONS_KEY, 'claims', id]}
        fetchPage={fetchPage}
        filterKeys={CLAIM_FILTERS}
        rowKey="id"
        columns={columns}
        scrollX={1150}
        csv={{ name: c ? `领取记录-${c.name}` : '领取记录', columns: csv }}
        emptyText="还没有客户领取这张优惠券"
        filters={
          <FilterForm keys={CLAIM_FILTERS} data-testid="claims-filters">
            <Form.Item name="status" label="状态">
              <Select
                allowClear
                placeholder="全部"
                style={{ width: 110 }}
                data-testid="claims-status"
                options={[
                  { value: '0', label: '未使用' },
                  { value: '1', label: '已使用' },
                  { value: '2', label: '已过期' },
                ]}
              />
            </Form.Item>
            <Form.Item name="keyword" label="客户">
              <Input placeholder="企业名称 / 用户名 / 手机号" allowClear style={{ width: 220 }} data-testid="claims-keyword" />
            </Form.Item>
          </FilterForm>
        }
      />
    </AdminPanel>
  );
}

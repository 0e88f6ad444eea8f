/**
 * /admin/coupons 优惠券 (promotion:write): the coupon templates, newest first, with the copies handed out and used
 * and their state; 新增 and 编辑 in a modal, 发放 to chosen buyers. What the coupon centre offers comes from here.
 */
import { Button, Form, Input, Progress, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminCoupon } from '@core/schemas/admin-promotions';
import type { CsvColumn } from '@/lib/admin/csv';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { FilterForm } from '@/ui/admin/FilterForm';
import { COUPON_FILTERS, COUPONS_KEY, getCoupons } from '../api/coupons';
import { CouponModal, type CouponTarget } from '../components/CouponModal';
import { IssueModal } from '../components/IssueModal';
import { couponFace, couponScope } from '../lib/coupon-text';
import '../promotions.css';

const STATE_COLOURS: Record<string, string> = { 领取中: 'green', 未开始: 'blue', 已领完: 'orange', 已结束: 'default', 未展示: 'default' };

const csv: CsvColumn<AdminCoupon>[] = [
  { title: 'ID', value: (c) => c.id },
  { title: '名称', value: (c) => c.name },
  { title: '面额', value: couponFace },
  { title: '适用范围', value: couponScope },
  { title: '领取开始', value: (c) => c.starts_at },
  { title: '领取结束', value: (c) => c.ends_at },
  { title: '有效天数', value: (c) => c.valid_days },
  { title: '发放总量', value: (c) => c.total || '不限' },
  { title: '已发放', value: (c) => c.claimed },
  { title: '已使用', value: (c) => c.used },
  { title: '每人限领', value: (c) => c.per_user },
  { title: '状态', value: (c) => c.state_text },
];

export default function CouponsPage() {
  const [editing, setEditing] = useState<CouponTarget>(null);
  const [issuing, setIssuing] = useState<AdminCoupon | null>(null);
  const columns: TableColumnsType<AdminCoupon> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    {
      title: '名称',
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, c) => (
        <span data-testid="coupon-row-name" data-id={c.id}>
          {name}
        </span>
      ),
    },
    { title: '面额', key: 'face', width: 170, render: (_, c) => <Tag color={c.type === 'manjian' ? 'red' : 'volcano'}>{couponFace(c)}</Tag> },
    { title: '适用范围', key: 'scope', width: 120, render: (_, c) => couponScope(c) },
    { title: '领取时间', key: 'period', width: 190, render: (_, c) => `${c.starts_at} 至 ${c.ends_at}` },
    { title: '有效期', dataIndex: 'valid_days', width: 100, render: (d: number) => (d ? `领取后${d}天` : '至领取结束') },
    {
      title: '发放 / 总量',
      key: 'claimed',
      width: 160,
      render: (_, c) =>
        c.total ? (
          <div className="yct-admin-coupons__claimed">
            <span>
              {c.claimed} / {c.total}
            </span>
            <Progress percent={Math.round((c.claimed * 100) / c.total)} size="small" showInfo={false} />
          </div>
        ) : (
          `${c.claimed} / 不限`
        ),
    },
    { title: '已使用', dataIndex: 'used', width: 76 },
    { title: '每人限领', dataIndex: 'per_user', width: 80 },
    { title: '状态', dataIndex: 'state_text', width: 86, render: (s: string) => <Tag color={STATE_COLOURS[s]}>{s}</Tag> },
    {
      title: '操作',
      key: 'op',
      width: 180,
      fixed: 'right',
      render: (_, c) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setEditing(c)} data-testid="coupon-edit">
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setIssuing(c)} disabled={c.state_text === '已结束'} data-testid="coupon-issue">
            发放
          </Button>
          <Link to={`/admin/coupons/${c.id}/claims`} data-testid="coupon-claims">
            领取记录
          </Link>
        </Space>
      ),
    },
  ];
  return (
    <AdminPanel title="优惠券" data-testid="coupons-page">
      <AdminTable<AdminCoupon>
        data-testid="coupons-table"
        queryKey={COUPONS_KEY}
        fetchPage={getCoupons}
        filterKeys={COUPON_FILTERS}
        rowKey="id"
        columns={columns}
        scrollX={1400}
        csv={{ name: '优惠券', columns: csv }}
        emptyText="还没有优惠券，点“新增优惠券”创建第一张"
        filters={
          <FilterForm keys={['keyword']} data-testid="coupons-filters">
            <Form.Item name="keyword" label="名称">
              <Input placeholder="优惠券名称" allowClear style={{ width: 200 }} />
            </Form.Item>
          </FilterForm>
        }
        actions={
          <Button type="primary" onClick={() => setEditing('new')} data-testid="coupon-new">
            新增优惠券
          </Button>
        }
      />
      <CouponModal target={editing} onClose={() => setEditing(null)} />
      <IssueModal coupon={issuing} onClose={() => setIssuing(null)} />
    </AdminPanel>
  );
}

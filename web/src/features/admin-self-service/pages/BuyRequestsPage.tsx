/**
 * /admin/buy-requests 品种求购 (service:reply): every buyer's requests, newest first, by state and keyword (goods,
 * maker, buyer), exported as CSV; 回复 sets the state and the reply (已上架 with the goods) and tells the buyer.
 */
import { Button, Form, Input, Select, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { AdminBuyRequest } from '@core/schemas/self-service';
import type { CsvColumn } from '@/lib/admin/csv';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { FilterForm } from '@/ui/admin/FilterForm';
import { BUY_REQUEST_FILTERS, BUY_REQUESTS_KEY, getBuyRequests } from '../api/buy-requests';
import { BuyReplyModal } from '../components/BuyReplyModal';
import { BUY_STATUS_COLOURS, BUY_STATUS_OPTIONS, timeText } from '../lib/labels';
import '../admin-self-service.css';

const csv: CsvColumn<AdminBuyRequest>[] = [
  { title: '编号', value: (r) => r.id },
  { title: '提交时间', value: (r) => timeText(r.created_at) },
  { title: '客户', value: (r) => r.company },
  { title: '用户名', value: (r) => r.username },
  { title: '药品名称', value: (r) => r.name },
  { title: '规格', value: (r) => r.ypgg },
  { title: '生产厂家', value: (r) => r.sccj },
  { title: '数量', value: (r) => r.number },
  { title: '单位', value: (r) => r.bzdw },
  { title: '期望价格(元)', value: (r) => r.expected_price ?? '' },
  { title: '联系人', value: (r) => r.contact },
  { title: '联系电话', value: (r) => r.phone },
  { title: '备注', value: (r) => r.remark },
  { title: '状态', value: (r) => r.status_text },
  { title: '回复', value: (r) => r.reply },
  { title: '上架商品', value: (r) => (r.goods ? `${r.goods.name} ${r.goods.ypgg}（ID ${r.goods.id}）` : '') },
  { title: '回复人', value: (r) => r.replied_by },
  { title: '回复时间', value: (r) => timeText(r.replied_at) },
];

export default function BuyRequestsPage() {
  const [replying, setReplying] = useState<AdminBuyRequest | null>(null);
  const columns: TableColumnsType<AdminBuyRequest> = [
    {
      title: '提交时间',
      key: 'at',
      width: 120,
      render: (_, r) => (
        <div className="yct-admin-ss__two">
          <span>{timeText(r.created_at)}</span>
          <small>#{r.id}</small>
        </div>
      ),
    },
    {
      title: '客户',
      key: 'buyer',
      width: 150,
      ellipsis: true,
      render: (_, r) => (
        <div className="yct-admin-ss__two">
          <span title={r.company}>{r.company}</span>
          <small>{r.username}</small>
        </div>
      ),
    },
    {
      title: '求购品种',
      key: 'goods',
      width: 200,
      render: (_, r) => (
        <div className="yct-admin-ss__two">
          <b data-testid="buy-request-row-name" data-id={r.id}>
            {r.name}
          </b>
          <small>{[r.ypgg, r.sccj].filter(Boolean).join(' / ') || '未填写规格与厂家'}</small>
        </div>
      ),
    },
    {
      title: '数量 / 期望价',
      key: 'number',
      width: 110,
      render: (_, r) => (
        <div className="yct-admin-ss__two">
          <span>
            {r.number} {r.bzdw}
          </span>
          <small className={r.expected_price ? 'yct-admin-ss__price' : undefined}>{r.expected_price ? `¥${r.expected_price}/${r.bzdw}` : '未填写价格'}</small>
        </div>
      ),
    },
    {
      title: '联系人',
      key: 'contact',
      width: 110,
      render: (_, r) => (
        <div className="yct-admin-ss__two">
          <span>{r.contact}</span>
          <small>{r.phone}</small>
        </div>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 80,
      render: (_, r) => (
        <Tag color={BUY_STATUS_COLOURS[r.status]} data-testid="buy-request-row-status">
          {r.status_text}
        </Tag>
      ),
    },
    {
      title: '回复',
      key: 'reply',
      render: (_, r) =>
        r.reply ? (
          <div className="yct-admin-ss__reply">
            <span title={r.reply} data-testid="buy-request-row-reply">
              {r.reply}
            </span>
            {r.goods ? <small className="yct-admin-ss__goods">上架：{`${r.goods.name} ${r.goods.ypgg}`}</small> : null}
            <small>{[r.replied_by, timeText(r.replied_at)].filter(Boolean).join(' · ')}</small>
          </div>
        ) : (
          <span className="yct-admin-ss__none">{r.remark ? `备注：${r.remark}` : '—'}</span>
        ),
    },
    {
      title: '操作',
      key: 'op',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setReplying(r)} data-testid="buy-request-reply">
          {r.status === 0 ? '回复' : '修改回复'}
        </Button>
      ),
    },
  ];
  return (
    <AdminPanel title="品种求购" data-testid="buy-requests-page">
      <AdminTable<AdminBuyRequest>
        data-testid="buy-requests-table"
        queryKey={BUY_REQUESTS_KEY}
        fetchPage={getBuyRequests}
        filterKeys={BUY_REQUEST_FILTERS}
        rowKey="id"
        columns={columns}
        scrollX={1000}
        csv={{ name: '品种求购', columns: csv }}
        emptyText="暂无品种求购"
        filters={
          <FilterForm keys={BUY_REQUEST_FILTERS} data-testid="buy-requests-filters">
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="药品、厂家或客户" allowClear style={{ width: 200 }} data-testid="buy-requests-keyword" />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select allowClear placeholder="全部" style={{ width: 120 }} options={BUY_STATUS_OPTIONS} data-testid="buy-requests-status" />
            </Form.Item>
          </FilterForm>
        }
      />
      <BuyReplyModal request={replying} onClose={() => setReplying(null)} />
    </AdminPanel>
  );
}

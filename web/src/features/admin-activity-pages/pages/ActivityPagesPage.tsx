/**
 * /admin/activity-pages 活动页面 (promotion:write): the pages made of blocks behind /yjh, /Hdzx, /zqmb and /hdmb,
 * newest first, with their kind, state, period and storefront address; 新建 and 编辑 in a drawer, and 预览.
 */
import { Button, Form, Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { AdminBlockPage } from '@core/schemas/activity-pages';
import { formatTime } from '@/lib/admin/format';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { FilterForm } from '@/ui/admin/FilterForm';
import { getPages, PAGE_FILTERS, PAGES_KEY, previewUrl } from '../api/activity-pages';
import { PageEditor, type PageTarget } from '../components/PageEditor';
import '../activity-pages.css';

const STATE_COLOURS: Record<string, string> = { 进行中: 'green', 未开始: 'blue', 已结束: 'default', 未上线: 'orange' };
const KIND_COLOURS: Record<string, string> = { yjh: 'red', zqmb: 'green', hdmb: 'volcano' };

export default function ActivityPagesPage() {
  const [editing, setEditing] = useState<PageTarget>(null);
  const columns: TableColumnsType<AdminBlockPage> = [
    { title: 'ID', dataIndex: 'id', width: 56 },
    { title: '类型', dataIndex: 'kind_text', width: 96, render: (t: string, p) => <Tag color={KIND_COLOURS[p.kind]}>{t}</Tag> },
    {
      title: '页面标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, p) => (
        <Space size={6}>
          <span className="yct-admin-pages__swatch" style={{ background: p.theme }} aria-hidden="true" />
          <span data-testid="page-row-title" data-id={p.id}>
            {title}
          </span>
        </Space>
      ),
    },
    { title: '模块数', key: 'blocks', width: 64, render: (_, p) => p.blocks.length },
    {
      title: '活动时间',
      key: 'period',
      width: 150,
      render: (_, p) => (
        <span className="yct-admin-pages__period">
          {p.starts_at}
          <br />至 {p.ends_at}
        </span>
      ),
    },
    { title: '状态', dataIndex: 'state_text', width: 80, render: (s: string) => <Tag color={STATE_COLOURS[s]}>{s}</Tag> },
    {
      title: '前台地址',
      dataIndex: 'url',
      width: 130,
      render: (url: string) => (
        <Typography.Link href={url} target="_blank" data-testid="page-row-url">
          {url}
        </Typography.Link>
      ),
    },
    { title: '更新时间', dataIndex: 'updated_at', width: 140, render: (t: number) => formatTime(t) },
    {
      title: '操作',
      key: 'op',
      width: 110,
      fixed: 'right',
      render: (_, p) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(p)} data-testid="page-edit">
            编辑
          </Button>
          <Button type="link" size="small" href={previewUrl(p.url)} target="_blank">
            预览
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <AdminPanel title="活动页面" data-testid="activity-pages-page">
      <AdminTable<AdminBlockPage>
        data-testid="activity-pages-table"
        queryKey={PAGES_KEY}
        fetchPage={getPages}
        filterKeys={PAGE_FILTERS}
        rowKey="id"
        columns={columns}
        scrollX={1040}
        emptyText="还没有活动页面"
        filters={
          <FilterForm keys={['keyword']} data-testid="activity-pages-filters">
            <Form.Item name="keyword" label="标题">
              <Input placeholder="页面标题" allowClear style={{ width: 200 }} />
            </Form.Item>
          </FilterForm>
        }
        actions={
          <Button type="primary" onClick={() => setEditing('new')} data-testid="page-new">
            新建页面
          </Button>
        }
      />
      <PageEditor target={editing} onClose={() => setEditing(null)} />
    </AdminPanel>
  );
}

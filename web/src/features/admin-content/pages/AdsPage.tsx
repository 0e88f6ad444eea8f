/**
 * /admin/ads 广告与轮播 (content:write): every banner and ad, hidden ones too, filtered by position: the home carousel,
 * the top ad above the header, the home page's activity entrances (activity 125), the side pictures, the login
 * backdrop and each zone's banner. 新增 and 编辑 in a modal; 显示 / 隐藏 and 删除 act at once after a question.
 */
import { App, Button, Form, Image, Popconfirm, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { AdminAd, AdminAdPosition } from '@core/schemas/admin-content';
import { useListQuery } from '@/lib/admin/list';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { ConfirmButton } from '@/ui/admin/ConfirmButton';
import { FilterForm } from '@/ui/admin/FilterForm';
import { AD_FILTERS, ADS_KEY, getAds, useDeleteAd, useSaveAd } from '../api/ads';
import { AdModal, type AdTarget } from '../components/AdModal';
import { AD_POSITION_OPTIONS, AD_SIZES, isAdPosition, previewSize, targetText } from '../lib/ad-positions';
import '../admin-content.css';

function ShowButton({ ad }: { ad: AdminAd }) {
  const save = useSaveAd();
  const { message } = App.useApp();
  const next = ad.is_show ? 0 : 1;
  const name = ad.title || ad.position_text;
  return (
    <Popconfirm
      title={next ? `显示“${name}”？` : `隐藏“${name}”？`}
      description={next ? '显示后前台立即展示' : '隐藏后前台立即不再展示'}
      okText="确定"
      cancelText="取消"
      onConfirm={() =>
        save
          .mutateAsync({
            id: ad.id,
            quiet: false,
            body: {
              position: ad.position as AdminAdPosition,
              image: ad.image,
              url: ad.url,
              title: ad.title,
              banner_id: ad.banner_id ?? undefined,
              sort: ad.sort,
              is_show: next,
            },
          })
          .then(() => void message.success(next ? '已显示' : '已隐藏'))
      }
    >
      <Button type="link" size="small" loading={save.isPending} data-testid="ad-show">
        {next ? '显示' : '隐藏'}
      </Button>
    </Popconfirm>
  );
}

export default function AdsPage() {
  const [editing, setEditing] = useState<AdTarget>(null);
  const remove = useDeleteAd();
  const { message } = App.useApp();
  const { filters } = useListQuery(AD_FILTERS);
  const position = isAdPosition(filters.position) ? filters.position : undefined;
  const columns: TableColumnsType<AdminAd> = [
    { title: 'ID', dataIndex: 'id', width: 60 },
    {
      title: '图片',
      dataIndex: 'image',
      width: 200,
      render: (src: string, a) => {
        const [w, h] = previewSize(isAdPosition(a.position) ? a.position : undefined, 180, 64);
        return (
          <div className="yct-admin-content__thumb" style={{ width: w, height: h }}>
            <Image src={src} width={w} height={h} alt={a.title} />
          </div>
        );
      },
    },
    {
      title: '标题',
      dataIndex: 'title',
      render: (t: string) => <span data-testid="ad-row-title">{t || <span className="yct-admin-muted">（未填写）</span>}</span>,
    },
    {
      title: '广告位',
      key: 'position',
      width: 150,
      render: (_, a) => (
        <Space size={2} orientation="vertical">
          <Tag color={a.position === 'index_banner' ? 'red' : a.position === 'tile' ? 'orange' : a.position === 'top' ? 'purple' : 'blue'}>
            {a.position_text}
          </Tag>
          {isAdPosition(a.position) ? <span className="yct-admin-muted">{AD_SIZES[a.position].join('×')}</span> : null}
        </Space>
      ),
    },
    {
      title: '链接',
      dataIndex: 'url',
      width: 180,
      ellipsis: true,
      render: (u: string) => <span className={u && !u.startsWith('*') ? '' : 'yct-admin-muted'}>{targetText(u)}</span>,
    },
    { title: '活动ID', dataIndex: 'banner_id', width: 72, render: (b: number | null) => b ?? '—' },
    { title: '排序', dataIndex: 'sort', width: 60 },
    { title: '状态', dataIndex: 'is_show', width: 72, render: (s: number) => (s ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>) },
    {
      title: '操作',
      key: 'op',
      width: 160,
      fixed: 'right',
      render: (_, a) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(a)} data-testid="ad-edit">
            编辑
          </Button>
          <ShowButton ad={a} />
          <ConfirmButton
            type="link"
            size="small"
            danger
            title={`删除“${a.title || a.position_text}”？`}
            description="删除后前台立即不再展示，且不可恢复"
            okText="删除"
            onConfirm={() => remove.mutateAsync(a.id).then(() => void message.success('已删除'))}
            data-testid="ad-delete"
          >
            删除
          </ConfirmButton>
        </Space>
      ),
    },
  ];
  return (
    <AdminPanel title="广告与轮播" data-testid="ads-page">
      <AdminTable<AdminAd>
        data-testid="ads-table"
        queryKey={ADS_KEY}
        fetchPage={getAds}
        filterKeys={AD_FILTERS}
        rowKey="id"
        columns={columns}
        scrollX={1080}
        emptyText={position ? '该广告位还没有广告，点“新增广告”添加' : '还没有广告'}
        filters={
          <FilterForm keys={AD_FILTERS} data-testid="ads-filters">
            <Form.Item name="position" label="广告位">
              <Select allowClear placeholder="全部广告位" style={{ width: 180 }} options={AD_POSITION_OPTIONS} data-testid="ads-position" />
            </Form.Item>
          </FilterForm>
        }
        actions={
          <Button type="primary" onClick={() => setEditing({ position })} data-testid="ad-new">
            新增广告
          </Button>
        }
      />
      <AdModal target={editing} onClose={() => setEditing(null)} />
    </AdminPanel>
  );
}

/**
 * /admin/goods 商品管理 (goods:read): every goods, newest first, by sale state (tabs), keyword, category and whether
 * it may be bought, all kept in the URL. Rows can be ticked and put on or off sale together (goods:write); the
 * list goes out as CSV or as the Excel file the import reads, and comes back in through 导入Excel.
 */
import { FileExcelOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Image, Input, Select, Space, Switch, Tabs, Tag, TreeSelect, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminGoods } from '@core/schemas/admin-goods';
import type { CsvColumn } from '@/lib/admin/csv';
import { formatTime } from '@/lib/admin/format';
import { errorText } from '@/lib/admin/http';
import { useListQuery } from '@/lib/admin/list';
import { useCan } from '@/lib/admin/me';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { ConfirmButton } from '@/ui/admin/ConfirmButton';
import { FilterForm } from '@/ui/admin/FilterForm';
import { GOODS_FILTERS, GOODS_KEY, getGoods } from '../api/get-goods';
import { downloadGoodsExcel } from '../api/goods-excel';
import { useSetOnSale } from '../api/set-on-sale';
import { categoriesQuery } from '@/lib/admin/taxonomy';
import { categoryOptions } from '@/lib/admin/category-tree';
import { ExpiryText } from '../components/ExpiryText';
import { ImportModal } from '../components/ImportModal';
import '../goods.css';

const TABS = [
  { key: '', label: '全部商品' },
  { key: '1', label: '出售中' },
  { key: '0', label: '已下架' },
] as const;

const NO_PICTURE =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"%3E%3Crect width="48" height="48" fill="%23f5f5f5"/%3E%3C/svg%3E';

/** 上架 or 下架 of one goods from its row: a switch for those who may change it, a tag for the others. */
function SaleSwitch({ goods, mayWrite }: { goods: AdminGoods; mayWrite: boolean }) {
  const setOnSale = useSetOnSale();
  const { message } = App.useApp();
  if (!mayWrite) return goods.is_on_sale ? <Tag color="green">出售中</Tag> : <Tag>已下架</Tag>;
  const toggle = async (on: boolean) => {
    try {
      await setOnSale.mutateAsync({ ids: [goods.id], is_on_sale: on ? 1 : 0 });
      void message.success(on ? `已上架：${goods.name}` : `已下架：${goods.name}`);
    } catch {
      // Shown by the call itself.
    }
  };
  return (
    <Switch
      size="small"
      checked={goods.is_on_sale === 1}
      loading={setOnSale.isPending}
      onChange={(on) => void toggle(on)}
      checkedChildren="上架"
      unCheckedChildren="下架"
      data-testid="goods-sale-switch"
    />
  );
}

function columnsFor(mayWrite: boolean): TableColumnsType<AdminGoods> {
  return [
    {
      title: '图片',
      dataIndex: 'goods_image',
      width: 64,
      render: (images: string[], g) => (
        <Image className="yct-admin-goods__thumb" src={images[0] ?? NO_PICTURE} alt={g.name} width={44} height={44} preview={images.length > 0} />
      ),
    },
    {
      title: '商品名称 / 规格',
      key: 'name',
      render: (_, g) => (
        <div className="yct-admin-goods__name">
          <Link to={`/admin/goods/${g.id}`} data-testid="goods-link">
            {g.name}
          </Link>
          <span className="yct-muted">
            {g.ypgg} / {g.bzdw}
            {g.tags.map((t) => (
              <Tag key={t} className="yct-admin-goods__tag">
                {t}
              </Tag>
            ))}
          </span>
        </div>
      ),
    },
    {
      title: '生产厂家 / 批准文号',
      key: 'maker',
      width: 190,
      render: (_, g) => (
        <div className="yct-admin-goods__two-lines">
          <span title={g.sccj}>{g.sccj}</span>
          <span className="yct-muted" title={g.pzwh}>
            {g.pzwh || '—'}
          </span>
        </div>
      ),
    },
    {
      title: '价格',
      dataIndex: 'base_price',
      width: 90,
      align: 'right',
      render: (p: string, g) => (
        <span className="yct-admin-goods__price">
          ¥{p}
          {g.ladder_price.length ? (
            <Tooltip title={g.ladder_price.map((t) => `${t.number}${g.bzdw}起 ¥${t.price}`).join('，')}>
              <small>阶梯{g.ladder_price.length}档</small>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    {
      title: '库存',
      dataIndex: 'number',
      width: 70,
      align: 'right',
      render: (n: number) => <span className={n > 0 ? undefined : 'yct-admin-goods__out'}>{n}</span>,
    },
    { title: '效期', dataIndex: 'xq', width: 96, render: (xq: string) => <ExpiryText date={xq} /> },
    { title: '状态', dataIndex: 'is_on_sale', width: 80, render: (_, g) => <SaleSwitch goods={g} mayWrite={mayWrite} /> },
    {
      title: '添加时间',
      dataIndex: 'created_at',
      width: 96,
      render: (t: number) => {
        const [day, time] = formatTime(t).split(' ');
        return (
          <div className="yct-admin-goods__two-lines">
            <span>{day}</span>
            <span className="yct-muted">{time}</span>
          </div>
        );
      },
    },
    { title: '操作', key: 'op', width: 56, fixed: 'right', render: (_, g) => <Link to={`/admin/goods/${g.id}`}>{mayWrite ? '编辑' : '查看'}</Link> },
  ];
}

const csv: CsvColumn<AdminGoods>[] = [
  { title: '商品ID', value: (g) => g.id },
  { title: '商品名称', value: (g) => g.name },
  { title: '规格', value: (g) => g.ypgg },
  { title: '单位', value: (g) => g.bzdw },
  { title: '生产厂家', value: (g) => g.sccj },
  { title: '批准文号', value: (g) => g.pzwh },
  { title: '条形码', value: (g) => g.tm, code: true },
  { title: '分类', value: (g) => g.category_name },
  { title: '品牌', value: (g) => g.brand_name },
  { title: '经营范围', value: (g) => g.scope_name },
  { title: '价格（元）', value: (g) => g.base_price },
  { title: '库存', value: (g) => g.number },
  { title: '销量', value: (g) => g.sales },
  { title: '效期', value: (g) => g.xq },
  { title: '状态', value: (g) => (g.is_on_sale ? '出售中' : '已下架') },
  { title: '添加时间', value: (g) => formatTime(g.created_at) },
];

export default function GoodsPage() {
  const { filters, setFilters } = useListQuery(GOODS_FILTERS);
  const mayWrite = useCan('goods:write');
  const categories = useQuery(categoriesQuery());
  const setOnSale = useSetOnSale();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const bulk = async (on: 0 | 1) => {
    const answer = await setOnSale.mutateAsync({ ids: selected, is_on_sale: on });
    void message.success(
      `已${on ? '上架' : '下架'} ${answer.changed} 件商品${answer.changed < selected.length ? `（${selected.length - answer.changed} 件原本已${on ? '上架' : '下架'}）` : ''}`,
    );
    setSelected([]);
  };

  const exportExcel = async () => {
    setExporting(true);
    try {
      const { keyword, category, is_on_sale, is_buy } = filters;
      await downloadGoodsExcel(Object.fromEntries(Object.entries({ keyword, category, is_on_sale, is_buy }).filter(([, v]) => v)) as Record<string, string>);
      void message.success('已导出Excel');
    } catch (e) {
      void message.error(`导出失败：${errorText(e)}`);
    } finally {
      setExporting(false);
    }
  };

  const actions = (
    <>
      {mayWrite && selected.length ? (
        <Space size={8} className="yct-admin-goods__bulk" data-testid="goods-bulk">
          <span>已选 {selected.length} 件</span>
          <ConfirmButton title={`确认上架选中的 ${selected.length} 件商品？`} onConfirm={() => bulk(1)} data-testid="goods-bulk-on">
            批量上架
          </ConfirmButton>
          <ConfirmButton
            title={`确认下架选中的 ${selected.length} 件商品？`}
            description="下架后客户将无法搜索和采购"
            danger
            onConfirm={() => bulk(0)}
            data-testid="goods-bulk-off"
          >
            批量下架
          </ConfirmButton>
          <Button type="link" size="small" onClick={() => setSelected([])}>
            取消选择
          </Button>
        </Space>
      ) : null}
      <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportExcel()} data-testid="goods-export-excel">
        导出Excel
      </Button>
      {mayWrite ? (
        <>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="goods-import">
            导入Excel
          </Button>
          <Link to="/admin/goods/new">
            <Button type="primary" icon={<PlusOutlined />} data-testid="goods-add">
              新增商品
            </Button>
          </Link>
        </>
      ) : null}
    </>
  );

  return (
    <AdminPanel title="商品管理" data-testid="goods-page">
      <Tabs
        activeKey={filters.is_on_sale ?? ''}
        onChange={(key) => setFilters({ is_on_sale: key || null })}
        items={TABS.map((t) => ({ key: t.key, label: t.label }))}
        className="yct-admin-goods__tabs"
      />
      <AdminTable<AdminGoods>
        data-testid="goods-table"
        queryKey={GOODS_KEY}
        fetchPage={getGoods}
        filterKeys={GOODS_FILTERS}
        rowKey="id"
        columns={columnsFor(mayWrite)}
        scrollX={1000}
        rowSelection={
          mayWrite
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true, columnWidth: 36 }
            : undefined
        }
        csv={{ name: '商品列表', columns: csv }}
        emptyText={filters.keyword ? `没有找到“${filters.keyword}”相关的商品` : '没有符合条件的商品'}
        actions={actions}
        filters={
          <FilterForm keys={['keyword', 'category', 'is_buy']} data-testid="goods-filters">
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="名称/拼音/厂家/批准文号" allowClear style={{ width: 200 }} data-testid="goods-keyword" />
            </Form.Item>
            <Form.Item
              name="category"
              label="分类"
              getValueProps={(v: string | undefined) => ({ value: v ? Number(v) : undefined })}
              normalize={(v?: number) => (v ? String(v) : undefined)}
            >
              <TreeSelect
                placeholder="全部分类"
                allowClear
                showSearch={{ treeNodeFilterProp: 'title' }}
                style={{ width: 180 }}
                treeData={categoryOptions(categories.data ?? [])}
                loading={categories.isPending}
                popupMatchSelectWidth={240}
                data-testid="goods-category"
              />
            </Form.Item>
            <Form.Item name="is_buy" label="可购买">
              <Select
                placeholder="不限"
                allowClear
                style={{ width: 90 }}
                options={[
                  { value: '1', label: '是' },
                  { value: '0', label: '否' },
                ]}
              />
            </Form.Item>
          </FilterForm>
        }
      />
      <ImportModal open={importing} onClose={() => setImporting(false)} />
    </AdminPanel>
  );
}

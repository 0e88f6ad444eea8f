/**
 * /admin/categories 分类品牌 (category:write): two tabs, each a table of every category or brand, hidden ones too,
 * with its goods count. 新增 and 编辑 open a small form; the sort number is edited in the table; hiding asks
 * first, since it takes the category (with everything under it) or the brand out of the storefront at once.
 */
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Image, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminBrand } from '@core/schemas/admin-goods';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { ConfirmButton } from '@/ui/admin/ConfirmButton';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { brandsQuery, categoriesQuery } from '@/lib/admin/taxonomy';
import { useSaveBrand, useSaveCategory } from '../api/taxonomy';
import { BrandModal, type BrandTarget } from '../components/BrandModal';
import { CategoryModal, type CategoryTarget } from '../components/CategoryModal';
import { categoryTree, type CategoryNode } from '@/lib/admin/category-tree';
import { SortInput } from '../components/SortInput';
import '../goods.css';

function ShownTag({ shown }: { shown: 0 | 1 }) {
  return shown ? <Tag color="green">显示</Tag> : <Tag>已隐藏</Tag>;
}

/** 隐藏 (asked first) or 显示 of a category or brand. */
function ShowToggle({ name, shown, what, onChange }: { name: string; shown: 0 | 1; what: string; onChange: (shown: 0 | 1) => Promise<unknown> }) {
  const { message } = App.useApp();
  const run = async (next: 0 | 1) => {
    await onChange(next);
    void message.success(next ? `已显示：${name}` : `已隐藏：${name}`);
  };
  return shown ? (
    <ConfirmButton
      type="link"
      size="small"
      danger
      title={`隐藏${what}“${name}”？`}
      description={`隐藏后客户在商城中将看不到该${what}${what === '分类' ? '及其下级分类' : ''}`}
      okText="隐藏"
      onConfirm={() => run(0)}
      data-testid="row-hide"
    >
      隐藏
    </ConfirmButton>
  ) : (
    <ConfirmButton type="link" size="small" title={`重新显示${what}“${name}”？`} onConfirm={() => run(1)} data-testid="row-show">
      显示
    </ConfirmButton>
  );
}

function CategoriesTab() {
  const categories = useQuery(categoriesQuery());
  const save = useSaveCategory();
  const [target, setTarget] = useState<CategoryTarget>(null);
  const tree = useMemo(() => categoryTree(categories.data ?? []), [categories.data]);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  if (categories.isError) return <LoadFailed error={categories.error} onRetry={() => void categories.refetch()} retrying={categories.isFetching} />;

  const columns: TableColumnsType<CategoryNode> = [
    {
      title: '分类名称',
      dataIndex: 'name',
      render: (name: string, c) => <span className={c.is_show ? undefined : 'yct-admin-goods__hidden'}>{name}</span>,
    },
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: '商品数',
      dataIndex: 'goods_count',
      width: 90,
      align: 'right',
      render: (n: number, c) => (c.is_leaf && n ? <Link to={`/admin/goods?category=${c.id}`}>{n}</Link> : c.is_leaf ? 0 : '—'),
    },
    {
      title: '排序',
      dataIndex: 'sort',
      width: 100,
      render: (sort: number, c) => <SortInput value={sort} onSave={(next) => save.mutateAsync({ id: c.id, body: { sort: next } })} />,
    },
    { title: '状态', dataIndex: 'is_show', width: 80, render: (s: 0 | 1) => <ShownTag shown={s} /> },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setTarget({ category: c })} data-testid="row-edit">
            编辑
          </Button>
          {c.is_leaf && c.goods_count > 0 ? null : (
            <Button type="link" size="small" onClick={() => setTarget({ parentId: c.id })}>
              添加下级
            </Button>
          )}
          <ShowToggle name={c.name} shown={c.is_show} what="分类" onChange={(is_show) => save.mutateAsync({ id: c.id, body: { is_show } })} />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="categories-tab">
      <div className="yct-admin-goods__tab-bar">
        <span className="yct-muted">共 {categories.data?.length ?? 0} 个分类；商品挂在最下级分类，排序数字越小越靠前，修改排序后移出输入框即保存。</span>
        <Space>
          <Button onClick={() => setExpanded(expanded?.length ? [] : (categories.data ?? []).filter((c) => !c.is_leaf).map((c) => c.id))}>
            {expanded?.length ? '全部收起' : '全部展开'}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ parentId: 0 })} data-testid="category-add">
            新增分类
          </Button>
        </Space>
      </div>
      <Table<CategoryNode>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={tree}
        loading={categories.isFetching}
        pagination={false}
        expandable={{
          expandedRowKeys: expanded ?? tree.map((c) => c.id),
          onExpandedRowsChange: (keys) => setExpanded(keys),
          indentSize: 20,
        }}
        locale={{ emptyText: categories.isPending ? ' ' : '还没有分类，点击“新增分类”添加' }}
        data-testid="categories-table"
      />
      <CategoryModal target={target} categories={categories.data ?? []} onClose={() => setTarget(null)} />
    </div>
  );
}

function BrandsTab() {
  const brands = useQuery(brandsQuery());
  const save = useSaveBrand();
  const [target, setTarget] = useState<BrandTarget>(null);
  if (brands.isError) return <LoadFailed error={brands.error} onRetry={() => void brands.refetch()} retrying={brands.isFetching} />;

  const columns: TableColumnsType<AdminBrand> = [
    {
      title: '标志',
      dataIndex: 'logo',
      width: 72,
      render: (logo: string, b) =>
        logo ? (
          <Image src={logo} alt={b.name} width={48} height={32} className="yct-admin-goods__logo" />
        ) : (
          <span className="yct-admin-goods__no-logo">{b.name.slice(0, 2)}</span>
        ),
    },
    {
      title: '品牌名称',
      dataIndex: 'name',
      width: 180,
      render: (name: string, b) => <span className={b.is_show ? undefined : 'yct-admin-goods__hidden'}>{name}</span>,
    },
    { title: '品牌介绍', dataIndex: 'description', ellipsis: true, render: (d: string) => d || <span className="yct-muted">—</span> },
    { title: '商品数', dataIndex: 'goods_count', width: 80, align: 'right' },
    {
      title: '排序',
      dataIndex: 'sort',
      width: 100,
      render: (sort: number, b) => <SortInput value={sort} onSave={(next) => save.mutateAsync({ id: b.id, body: { sort: next } })} />,
    },
    { title: '状态', dataIndex: 'is_show', width: 80, render: (s: 0 | 1) => <ShownTag shown={s} /> },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_, b) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setTarget(b)} data-testid="row-edit">
            编辑
          </Button>
          <ShowToggle name={b.name} shown={b.is_show} what="品牌" onChange={(is_show) => save.mutateAsync({ id: b.id, body: { is_show } })} />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="brands-tab">
      <div className="yct-admin-goods__tab-bar">
        <span className="yct-muted">共 {brands.data?.length ?? 0} 个品牌；品牌专区按排序显示，数字越小越靠前，修改排序后移出输入框即保存。</span>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget('new')} data-testid="brand-add">
          新增品牌
        </Button>
      </div>
      <Table<AdminBrand>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={brands.data ?? []}
        loading={brands.isFetching}
        pagination={false}
        locale={{ emptyText: brands.isPending ? ' ' : '还没有品牌，点击“新增品牌”添加' }}
        data-testid="brands-table"
      />
      <BrandModal target={target} onClose={() => setTarget(null)} />
    </div>
  );
}

export default function TaxonomyPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'brands' ? 'brands' : 'categories';
  return (
    <AdminPanel title="分类品牌" data-testid="taxonomy-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'brands' ? { tab: key } : {}, { replace: true })}
        items={[
          { key: 'categories', label: '商品分类', children: <CategoriesTab /> },
          { key: 'brands', label: '品牌', children: <BrandsTab /> },
        ]}
      />
    </AdminPanel>
  );
}

/**
 * /admin/articles 文章管理 (content:write): the help groups and their news lists at the left (with how many articles
 * each holds), the articles of the chosen one at the right with search by title and state, 20 a page. 新增文章 and
 * 编辑 open the editor page; 显示 / 隐藏 and 删除 act at once after a question. What buyers read under /help, the news
 * centre and the scrolling notices comes from here.
 */
import { useQuery } from '@tanstack/react-query';
import { ExportOutlined } from '@ant-design/icons';
import { App, Button, Empty, Form, Input, Popconfirm, Select, Skeleton, Space, Tag, Tooltip, Tree, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { AdminArticle } from '@core/schemas/admin-content';
import { formatTime } from '@/lib/admin/format';
import { useListQuery } from '@/lib/admin/list';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { ConfirmButton } from '@/ui/admin/ConfirmButton';
import { FilterForm } from '@/ui/admin/FilterForm';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { ARTICLE_FILTERS, ARTICLES_KEY, articleCategoriesQuery, getArticles, useDeleteArticle, useShowArticle } from '../api/articles';
import { categoryKind, categoryTree } from '../lib/categories';
import '../admin-content.css';

const SEARCH_KEYS = ['keyword', 'is_show'] as const;

function ShowButton({ article: a }: { article: AdminArticle }) {
  const show = useShowArticle();
  const { message } = App.useApp();
  const next = a.is_show ? 0 : 1;
  return (
    <Popconfirm
      title={next ? `显示“${a.title}”？` : `隐藏“${a.title}”？`}
      description={next ? '显示后买家立即可以看到这篇文章' : '隐藏后买家立即看不到这篇文章，链接将提示文章不存在'}
      okText="确定"
      cancelText="取消"
      onConfirm={() => show.mutateAsync({ id: a.id, show: next }).then(() => void message.success(next ? '已显示' : '已隐藏'))}
    >
      <Button type="link" size="small" loading={show.isPending} data-testid="article-show">
        {next ? '显示' : '隐藏'}
      </Button>
    </Popconfirm>
  );
}

function DeleteButton({ article: a }: { article: AdminArticle }) {
  const remove = useDeleteArticle();
  const { message } = App.useApp();
  return (
    <ConfirmButton
      type="link"
      size="small"
      danger
      title={`删除“${a.title}”？`}
      description="删除后不可恢复，买家打开原链接将提示文章不存在"
      okText="删除"
      onConfirm={() => remove.mutateAsync(a.id).then(() => void message.success(`已删除：${a.title}`))}
      data-testid="article-delete"
    >
      删除
    </ConfirmButton>
  );
}

function CategoryTree() {
  const categories = useQuery(articleCategoriesQuery());
  const { filters, setFilters } = useListQuery(ARTICLE_FILTERS);
  if (categories.isError) return <LoadFailed error={categories.error} onRetry={() => void categories.refetch()} retrying={categories.isFetching} />;
  if (!categories.data) return <Skeleton active paragraph={{ rows: 10 }} title={false} />;
  const tree = categoryTree(categories.data);
  if (!tree.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无栏目" />;
  const total = categories.data.reduce((n, c) => n + c.articles, 0);
  const selected = filters.category_id ?? 'all';
  return (
    <Tree
      blockNode
      defaultExpandAll
      selectedKeys={[selected]}
      onSelect={(keys) => {
        const key = keys[0];
        if (key !== undefined) setFilters({ category_id: key === 'all' ? undefined : String(key) });
      }}
      treeData={[{ key: 'all', title: '全部文章', count: total, selectable: true }, ...tree]}
      titleRender={(n) => (
        <span className={`yct-admin-content__node${n.selectable ? '' : ' is-group'}`} data-testid="article-category" data-key={n.key}>
          <span>{n.title}</span>
          <span className="yct-admin-content__count">{n.count}</span>
        </span>
      )}
      data-testid="article-categories"
    />
  );
}

export default function ArticlesPage() {
  const navigate = useNavigate();
  const { filters } = useListQuery(ARTICLE_FILTERS);
  const categories = useQuery(articleCategoriesQuery());
  const byId = new Map((categories.data ?? []).map((c) => [c.id, c]));
  const current = filters.category_id ? byId.get(Number(filters.category_id)) : undefined;
  const columns: TableColumnsType<AdminArticle> = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (title: string, a) => (
        <div className="yct-admin-content__title">
          <span>
            <Link to={`/admin/articles/${a.id}`} data-testid="article-row-title">
              {title}
            </Link>
            {a.is_show && a.url ? (
              <Tooltip title="在前台查看">
                <a href={a.url} target="_blank" rel="noreferrer" className="yct-admin-content__open" aria-label="在前台查看">
                  <ExportOutlined />
                </a>
              </Tooltip>
            ) : null}
          </span>
          <span className="yct-admin-muted">
            ID {a.id}
            {a.code ? ` · 页面代码 ${a.code}` : ''}
          </span>
        </div>
      ),
    },
    {
      title: '栏目',
      key: 'category',
      width: 150,
      render: (_, a) => {
        const kind = categoryKind(byId.get(a.category_id));
        return (
          <div className="yct-admin-content__title">
            <span>{a.category_path || '—'}</span>
            <span>
              <Tag color={kind.color}>{kind.text}</Tag>
            </span>
          </div>
        );
      },
    },
    { title: '排序', dataIndex: 'sort', width: 56 },
    {
      title: '状态',
      dataIndex: 'is_show',
      width: 64,
      render: (s: number) => (s ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>),
    },
    {
      title: '发布时间',
      dataIndex: 'created_at',
      width: 100,
      render: (t: number) => (
        <div className="yct-admin-content__title">
          <span>{formatTime(t).slice(0, 10)}</span>
          <span className="yct-admin-muted">{formatTime(t).slice(11, 16)}</span>
        </div>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 148,
      fixed: 'right',
      render: (_, a) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(`/admin/articles/${a.id}`)} data-testid="article-edit">
            编辑
          </Button>
          <ShowButton article={a} />
          <DeleteButton article={a} />
        </Space>
      ),
    },
  ];
  const newUrl = current?.selectable ? `/admin/articles/new?category_id=${current.id}` : '/admin/articles/new';
  return (
    <div className="yct-admin-content__split" data-testid="articles-page">
      <AdminPanel title="文章栏目">
        <div className="yct-admin-content__tree">
          <CategoryTree />
        </div>
      </AdminPanel>
      <AdminPanel title={current ? current.path : '全部文章'}>
        <AdminTable<AdminArticle>
          data-testid="articles-table"
          queryKey={ARTICLES_KEY}
          fetchPage={getArticles}
          filterKeys={ARTICLE_FILTERS}
          rowKey="id"
          columns={columns}
          scrollX={720}
          emptyText={current ? '该栏目还没有文章，点“新增文章”写第一篇' : '没有符合条件的文章'}
          filters={
            <FilterForm keys={SEARCH_KEYS} data-testid="articles-filters">
              <Form.Item name="keyword" label="标题">
                <Input placeholder="文章标题" allowClear style={{ width: 180 }} data-testid="articles-keyword" />
              </Form.Item>
              <Form.Item name="is_show" label="状态">
                <Select
                  allowClear
                  placeholder="全部"
                  style={{ width: 100 }}
                  options={[
                    { value: '1', label: '显示' },
                    { value: '0', label: '隐藏' },
                  ]}
                />
              </Form.Item>
            </FilterForm>
          }
          actions={
            <Button type="primary" onClick={() => void navigate(newUrl)} data-testid="article-new">
              新增文章
            </Button>
          }
        />
      </AdminPanel>
    </div>
  );
}

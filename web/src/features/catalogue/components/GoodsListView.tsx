/**
 * Every goods list of the site: /list, /search and the zones, as an image grid, a table or rows without
 * images. Filters, sort and page live in the URL, so that a list can be bookmarked and Back returns to it.
 */
import { Pagination } from 'antd';
import '../catalogue.css';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { useFilterOptions, useGoodsList, type ListParams } from '../api/goods';
import { GoodsCard } from './GoodsCard';
import { GoodsTable } from './GoodsRows';

export type ListView = 'grid' | 'table' | 'noimage';

type Props = {
  view: ListView;
  /** Title shown in the breadcrumb and above the list. */
  title: string;
  /** Parameters fixed by the route (a zone, a category of /list/other). */
  fixed?: ListParams;
  /** Where the three views of this list live. */
  views?: Partial<Record<ListView, string>>;
  /** Hide the category filter (zones show their own goods). */
  showFilters?: boolean;
};

const SORTS = [
  ['default', '综合'],
  ['sales', '销量'],
  ['price', '价格'],
  ['newest', '最新'],
] as const;

const PASSED = ['keywords', 'type', 'category', 'brand', 'sccj', 'zone', 'cfl', 'in_stock', 'price_min', 'price_max', 'sort', 'order', 'page'];

export function GoodsListView({ view, title, fixed = {}, views = { grid: '/list', table: '/list/table', noimage: '/list/no_image' }, showFilters = true }: Props) {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const params: ListParams = { per_page: view === 'grid' ? 20 : 30 };
  for (const key of PASSED) {
    const v = search.get(key);
    if (v) params[key] = v;
  }
  Object.assign(params, fixed);
  const list = useGoodsList(params);
  const options = useFilterOptions();
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next);
  };
  const sort = search.get('sort') ?? 'default';
  const order = search.get('order') ?? (sort === 'price' ? 'asc' : 'desc');
  const keywords = search.get('keywords');
  const data = list.data;
  const categoryId = Number(search.get('category'));
  const category = options.data?.category.flatMap((c) => [c, ...c.children]).find((c) => c.id === categoryId);

  return (
    <div className="yct-container yct-list" data-testid="goods-list-page">
      <div className="yct-breadcrumb">
        <Link to="/">首页</Link>
        <span>›</span>
        <span>{title}</span>
        {category ? (
          <>
            <span>›</span>
            <span>{category.name}</span>
          </>
        ) : null}
        {keywords ? (
          <>
            <span>›</span>
            <span data-testid="search-keywords">“{keywords}”</span>
          </>
        ) : null}
      </div>

      {showFilters ? (
        <div className="yct-filters" data-testid="goods-filters">
          <dl>
            <dt>分类</dt>
            <dd>
              <button type="button" className={!search.get('category') ? 'is-active' : ''} onClick={() => set({ category: null })}>
                全部
              </button>
              {(options.data?.category ?? []).map((c) => (
                <button key={c.id} type="button" className={categoryId === c.id ? 'is-active' : ''} onClick={() => set({ category: String(c.id) })}>
                  {c.name}
                </button>
              ))}
            </dd>
          </dl>
          <dl>
            <dt>品牌</dt>
            <dd>
              <button type="button" className={!search.get('brand') ? 'is-active' : ''} onClick={() => set({ brand: null })}>
                全部
              </button>
              {(options.data?.brand ?? []).slice(0, 18).map((b) => (
                <button key={b.id} type="button" className={search.get('brand') === String(b.id) ? 'is-active' : ''} onClick={() => set({ brand: String(b.id) })}>
                  {b.name}
                </button>
              ))}
            </dd>
          </dl>
          <dl>
            <dt>处方分类</dt>
            <dd>
              <button type="button" className={!search.get('cfl') ? 'is-active' : ''} onClick={() => set({ cfl: null })}>
                全部
              </button>
              {(options.data?.cfl ?? []).map((c) => (
                <button key={c} type="button" className={search.get('cfl') === c ? 'is-active' : ''} onClick={() => set({ cfl: c })}>
                  {c}
                </button>
              ))}
            </dd>
          </dl>
        </div>
      ) : null}

      <div className="yct-sortbar" data-testid="sort-bar">
        {SORTS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            className={sort === key ? 'is-active' : ''}
            onClick={() => set(key === 'price' ? { sort: key, order: sort === 'price' && order === 'asc' ? 'desc' : 'asc' } : { sort: key === 'default' ? null : key, order: null })}
            data-testid={`sort-${key}`}
          >
            {label}
            {key === 'price' && sort === 'price' ? (order === 'asc' ? ' ↑' : ' ↓') : null}
          </button>
        ))}
        <label className="yct-sortbar__check">
          <input type="checkbox" checked={search.get('in_stock') === '1'} onChange={(e) => set({ in_stock: e.target.checked ? '1' : null })} data-testid="filter-in-stock" />
          仅显示有货
        </label>
        <span className="yct-sortbar__total">
          共 <b>{data?.total ?? 0}</b> 件商品
        </span>
        <span className="yct-sortbar__views">
          {(['grid', 'table', 'noimage'] as const).map((v) =>
            views[v] ? (
              <Link key={v} to={`${views[v]}${location.search}`} className={view === v ? 'is-active' : ''} data-testid={`view-${v}`}>
                {v === 'grid' ? '大图' : v === 'table' ? '列表' : '无图'}
              </Link>
            ) : null,
          )}
        </span>
      </div>

      <div className={`yct-list__body${list.isFetching && data ? ' is-refreshing' : ''}`}>
        {list.isPending ? (
          <ul className="yct-grid" aria-busy="true">
            {Array.from({ length: 10 }, (_, i) => (
              <li key={i} className="yct-card yct-card--skeleton" />
            ))}
          </ul>
        ) : list.isError ? (
          <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : !data?.data.length ? (
          <EmptyState description={keywords ? `没有找到与“${keywords}”相关的商品` : '暂无数据'}>
            <Link to="/list" className="yct-btn">
              看看全部商品
            </Link>
          </EmptyState>
        ) : view === 'grid' ? (
          <ul className="yct-grid" data-testid="goods-grid">
            {data.data.map((g) => (
              <GoodsCard key={g.id} goods={g} />
            ))}
          </ul>
        ) : (
          <GoodsTable list={data.data} images={view === 'table'} />
        )}
      </div>

      {data && data.total > data.per_page ? (
        <div className="yct-pager">
          <Pagination
            current={data.current_page}
            pageSize={data.per_page}
            total={data.total}
            showSizeChanger={false}
            showQuickJumper
            onChange={(p) => {
              set({ page: String(p) });
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

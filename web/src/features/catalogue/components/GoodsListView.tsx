/**
 * Every goods list of the site: /list, /search and the zones, as an image grid, a table or rows without
 * images. Filters, sort and page live in the URL, so that a list can be bookmarked and Back returns to it.
 */
import { Pagination } from 'antd';
import '@/ui/goods.css';
import '../catalogue.css';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { MenuCategory } from '@core/schemas/content';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { GoodsCard } from '@/ui/GoodsCard';
import { useFilterOptions, useGoodsList, type FilterScopeParams, type ListParams } from '../api/goods';
import { keywordProblem } from '../lib/keyword';
import { ArrivalAction, outOfStock } from './ArrivalAction';
import { GoodsTable } from './GoodsRows';
import { ListFilters } from './ListFilters';
import { ListSortBar, type ListView } from './ListSortBar';

type Props = {
  view: ListView;
  /** Title shown in the breadcrumb and above the list. */
  title: string;
  /** Parameters fixed by the route (a zone, a category of /list/other). */
  fixed?: ListParams;
  /** Where the three views of this list live. */
  views?: Partial<Record<ListView, string>>;
  /** Hide the filters (a list already narrowed by its route). */
  showFilters?: boolean;
  /** The categories the category filter offers (a zone's own); all by default. */
  categories?: Pick<MenuCategory, 'id' | 'name'>[];
  /** Shown above the breadcrumb: a zone's banner or a brand's picture. */
  banner?: ReactNode;
  /** Shown between the filters and the list (a zone's notice). */
  notice?: ReactNode;
  /** What an empty list says, when the route knows better than 暂无数据. */
  empty?: ReactNode;
  /** The page lives in the path (/ppzq/info/{id}/{page}); the pager navigates to `pageHref(page)`. */
  pathPage?: { page: number; href: (page: number) => string };
};

const PASSED = [
  'keywords',
  'type',
  'category',
  'brand',
  'sccj',
  'zone',
  'cfl',
  'in_stock',
  'price_min',
  'price_max',
  'sort',
  'order',
  'page',
] as const satisfies (keyof ListParams)[];

export function GoodsListView({
  view,
  title,
  fixed = {},
  views = { grid: '/list', table: '/list/table', noimage: '/list/no_image' },
  showFilters = true,
  categories,
  banner,
  notice,
  pathPage,
  empty,
}: Props) {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const params: ListParams = { per_page: view === 'grid' ? 20 : 30 };
  for (const key of PASSED) {
    const v = search.get(key);
    if (v) params[key] = v;
  }
  if (pathPage) params.page = pathPage.page > 1 ? pathPage.page : undefined;
  Object.assign(params, fixed);
  // A keyword the server refuses is said once where the results would be, and never asked for.
  const problem = keywordProblem(search.get('keywords') ?? '');
  const list = useGoodsList(params, !problem);
  const scope: FilterScopeParams = {};
  for (const key of ['zone', 'brand', 'category'] as const) if (fixed[key]) scope[key] = String(fixed[key]);
  if (search.get('keywords')) {
    scope.keywords = search.get('keywords')!;
    scope.type = search.get('type') ?? '1';
  }
  const options = useFilterOptions(scope, !problem);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in changes)) next.delete('page');
    // A filter changed on page 3 of a path-paged list starts again at its first page.
    if (pathPage && pathPage.page > 1 && !('page' in changes)) void navigate(`${pathPage.href(1)}?${next}`);
    else setSearch(next);
  };
  const keywords = search.get('keywords');
  // Not the last list's rows kept while asking: nothing is asked for a refused keyword.
  const data = problem ? undefined : list.data;
  const categoryId = Number(search.get('category'));
  const category = options.data?.category.flatMap((c) => [c, ...c.children]).find((c) => c.id === categoryId);

  return (
    <div className="yct-container yct-list" data-testid="goods-list-page">
      {banner}
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

      {/* A keyword that cannot be searched has nothing to filter: no options of the last list kept meanwhile. */}
      {showFilters && !problem ? <ListFilters search={search} set={set} fixed={fixed} categories={categories} options={options.data} /> : null}
      {notice}

      <ListSortBar search={search} set={set} page={data} view={view} views={views} />

      <div className={`yct-list__body${list.isFetching && data ? ' is-refreshing' : ''}`}>
        {problem ? (
          <EmptyState description={problem} />
        ) : list.isPending ? (
          <ul className="yct-grid" aria-busy="true">
            {Array.from({ length: 10 }, (_, i) => (
              <li key={i} className="yct-card yct-card--skeleton" />
            ))}
          </ul>
        ) : list.isError ? (
          <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : !data?.data.length ? (
          <EmptyState description={keywords ? `没有找到与“${keywords}”相关的商品` : (empty ?? '暂无数据')}>
            <Link to="/list" className="yct-btn">
              看看全部商品
            </Link>
          </EmptyState>
        ) : view === 'grid' ? (
          <ul className="yct-grid" data-testid="goods-grid">
            {data.data.map((g) => (
              <GoodsCard key={g.id} goods={g} action={outOfStock(g) ? <ArrivalAction goods={g} /> : undefined} />
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
              if (pathPage) void navigate(`${pathPage.href(p)}${location.search}`);
              else set({ page: String(p) });
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

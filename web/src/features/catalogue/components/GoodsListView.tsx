/**
 * Every goods list of the site: /list, /search and the zones, as an image grid, a table or rows without
 * images. Filters, sort and page live in the URL, so that a list can be bookmarked and Back returns to it.
 */
import { Pagination } from 'antd';
import '@/ui/goods.css';
import '../catalogue.css';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { MenuCategory } from '@core/schemas/content';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { GoodsCard } from '@/ui/GoodsCard';
import { useFilterOptions, useGoodsList, type FilterScopeParams, type ListParams } from '../api/goods';
import { GoodsTable } from './GoodsRows';

type ListView = 'grid' | 'table' | 'noimage';

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

const SORTS = [
  ['default', '综合'],
  ['sales', '销量'],
  ['price', '价格'],
  ['newest', '最新'],
] as const;

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

/** The zone flags a buyer can filter any list by; 优选 and 控销 only for accounts that have them. */
const ZONES = [
  ['yx', '包邮'],
  ['zy', '中药'],
  ['qx', '器械'],
  ['jxq', '近效期'],
  ['youx', '优选'],
  ['kx', '控销'],
] as const;

const MAKERS_SHOWN = 12;

function PriceRange({ min, max, onApply }: { min: string; max: string; onApply: (min: string, max: string) => void }) {
  const [low, setLow] = useState(min);
  const [high, setHigh] = useState(max);
  const clean = (v: string) => v.replace(/[^\d.]/g, '').slice(0, 9);
  return (
    <form
      className="yct-pricerange"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(low, high);
      }}
    >
      <input value={low} onChange={(e) => setLow(clean(e.target.value))} placeholder="¥ 最低" aria-label="最低价" inputMode="decimal" data-testid="price-min" />
      <span>—</span>
      <input
        value={high}
        onChange={(e) => setHigh(clean(e.target.value))}
        placeholder="¥ 最高"
        aria-label="最高价"
        inputMode="decimal"
        data-testid="price-max"
      />
      <button type="submit" data-testid="price-apply">
        确定
      </button>
    </form>
  );
}

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
  const { data: user } = useUserBase();
  const approved = isLoggedIn(user) && user.is_passed === 1;
  const [allMakers, setAllMakers] = useState(false);
  const params: ListParams = { per_page: view === 'grid' ? 20 : 30 };
  for (const key of PASSED) {
    const v = search.get(key);
    if (v) params[key] = v;
  }
  if (pathPage) params.page = pathPage.page > 1 ? pathPage.page : undefined;
  Object.assign(params, fixed);
  const list = useGoodsList(params);
  const scope: FilterScopeParams = {};
  for (const key of ['zone', 'brand', 'category'] as const) if (fixed[key]) scope[key] = String(fixed[key]);
  if (search.get('keywords')) {
    scope.keywords = search.get('keywords')!;
    scope.type = search.get('type') ?? '1';
  }
  const options = useFilterOptions(scope);
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
  const sort = search.get('sort') ?? 'default';
  const order = search.get('order') ?? (sort === 'price' ? 'asc' : 'desc');
  const keywords = search.get('keywords');
  const data = list.data;
  const categoryId = Number(search.get('category'));
  const category = options.data?.category.flatMap((c) => [c, ...c.children]).find((c) => c.id === categoryId);
  const categoryChoices = categories ?? options.data?.category ?? [];
  const makers = options.data?.sccj ?? [];
  const zones = ZONES.filter(([key]) => !fixed.zone && (key !== 'youx' || user?.is_show_youx === 1) && (key !== 'kx' || user?.is_special === 1));
  const filter = (key: string, value: string | null, label: string, testid?: string) => (
    <button
      type="button"
      key={value ?? 'all'}
      className={(search.get(key) ?? null) === value ? 'is-active' : ''}
      onClick={() => set({ [key]: value })}
      data-testid={testid}
    >
      {label}
    </button>
  );

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

      {showFilters ? (
        <div className="yct-filters" data-testid="goods-filters">
          {fixed.category ? null : (
            <dl>
              <dt>分类</dt>
              <dd>
                {filter('category', null, '全部')}
                {categoryChoices.map((c) => filter('category', String(c.id), c.name))}
              </dd>
            </dl>
          )}
          {fixed.brand || !options.data?.brand.length ? null : (
            <dl>
              <dt>品牌</dt>
              <dd>
                {filter('brand', null, '全部')}
                {(options.data?.brand ?? []).slice(0, 18).map((b) => filter('brand', String(b.id), b.name))}
              </dd>
            </dl>
          )}
          {makers.length ? (
            <dl data-testid="filter-makers">
              <dt>生产厂家</dt>
              <dd className={allMakers ? '' : 'is-folded'}>
                {filter('sccj', null, '全部')}
                {(allMakers ? makers : makers.slice(0, MAKERS_SHOWN)).map((m) => filter('sccj', m, m.replace(/(集团)?(股份)?有限(责任)?公司$/, '')))}
              </dd>
              {makers.length > MAKERS_SHOWN ? (
                <button type="button" className="yct-filters__more" onClick={() => setAllMakers((v) => !v)}>
                  {allMakers ? '收起 ▴' : '更多 ▾'}
                </button>
              ) : null}
            </dl>
          ) : null}
          <dl>
            <dt>处方分类</dt>
            <dd>
              {filter('cfl', null, '全部')}
              {(options.data?.cfl ?? []).map((c) => filter('cfl', c, c))}
            </dd>
          </dl>
          {zones.length ? (
            <dl>
              <dt>专区</dt>
              <dd>
                {filter('zone', null, '全部')}
                {zones.map(([key, label]) => filter('zone', key, label, `zone-${key}`))}
              </dd>
            </dl>
          ) : null}
          {approved ? (
            <dl>
              <dt>价格</dt>
              <dd>
                <PriceRange
                  key={`${search.get('price_min')}-${search.get('price_max')}`}
                  min={search.get('price_min') ?? ''}
                  max={search.get('price_max') ?? ''}
                  onApply={(min, max) => set({ price_min: min || null, price_max: max || null })}
                />
              </dd>
            </dl>
          ) : null}
        </div>
      ) : null}
      {notice}

      <div className="yct-sortbar" data-testid="sort-bar">
        {SORTS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            className={sort === key ? 'is-active' : ''}
            onClick={() =>
              set(
                key === 'price'
                  ? { sort: key, order: sort === 'price' && order === 'asc' ? 'desc' : 'asc' }
                  : { sort: key === 'default' ? null : key, order: null },
              )
            }
            data-testid={`sort-${key}`}
          >
            {label}
            {key === 'price' && sort === 'price' ? (order === 'asc' ? ' ↑' : ' ↓') : null}
          </button>
        ))}
        <label className="yct-sortbar__check">
          <input
            type="checkbox"
            checked={search.get('in_stock') === '1'}
            onChange={(e) => set({ in_stock: e.target.checked ? '1' : null })}
            data-testid="filter-in-stock"
          />
          仅显示有货
        </label>
        <span className="yct-sortbar__total">
          共{' '}
          <b data-testid="list-total">
            {(data?.total ?? 0).toLocaleString('zh-CN')}
            {data?.total_more ? '+' : ''}
          </b>{' '}
          件商品
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
          <EmptyState description={keywords ? `没有找到与“${keywords}”相关的商品` : (empty ?? '暂无数据')}>
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

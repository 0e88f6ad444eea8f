/** The bar above a goods list: the sorts, 仅显示有货, the total, and the links to the list's other views. */
import { Link, useLocation } from 'react-router';
import type { GoodsPage } from '@core/schemas/goods';

export type ListView = 'grid' | 'table' | 'noimage';

const SORTS = [
  ['default', '综合'],
  ['sales', '销量'],
  ['price', '价格'],
  ['newest', '最新'],
] as const;

type Props = {
  search: URLSearchParams;
  /** Writes to the URL (null clears a key). */
  set: (changes: Record<string, string | null>) => void;
  /** The page shown, for its total. */
  page?: Pick<GoodsPage, 'total' | 'total_more'>;
  view: ListView;
  views: Partial<Record<ListView, string>>;
};

export function ListSortBar({ search, set, page, view, views }: Props) {
  const location = useLocation();
  const sort = search.get('sort') ?? 'default';
  const order = search.get('order') ?? (sort === 'price' ? 'asc' : 'desc');
  return (
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
          {(page?.total ?? 0).toLocaleString('zh-CN')}
          {page?.total_more ? '+' : ''}
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
  );
}

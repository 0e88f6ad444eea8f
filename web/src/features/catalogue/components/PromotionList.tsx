/**
 * The goods list of a promotion page (/welfare, /hb): its sort and page in the URL, the sort bar of the goods
 * lists (综合, 销量, 价格 both ways, 最新) and the pager under the grid.
 */
import { Pagination } from 'antd';
import { useSearchParams } from 'react-router';

const SORTS = [
  ['default', '综合'],
  ['sales', '销量'],
  ['price', '价格'],
  ['newest', '最新'],
] as const;
type Sort = (typeof SORTS)[number][0];

/** The sort, order and page the URL asks for, and how to change them (a new sort goes back to page 1). */
export function usePromotionListParams() {
  const [search, setSearch] = useSearchParams();
  const sort = (SORTS.find(([k]) => k === search.get('sort'))?.[0] ?? 'default') as Sort;
  const order: 'asc' | 'desc' | undefined = search.get('order') === 'desc' ? 'desc' : search.get('order') === 'asc' ? 'asc' : undefined;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const update = (next: Record<string, string | undefined>) => {
    const params = new URLSearchParams(search);
    for (const [k, v] of Object.entries(next))
      if (v === undefined) params.delete(k);
      else params.set(k, v);
    setSearch(params);
  };
  const choose = (key: Sort) =>
    key === 'price'
      ? update({ sort: key, order: sort === 'price' && order !== 'desc' ? 'desc' : 'asc', page: undefined })
      : update({ sort: key === 'default' ? undefined : key, order: undefined, page: undefined });
  const goTo = (p: number) => {
    update({ page: p === 1 ? undefined : String(p) });
    window.scrollTo({ top: 0 });
  };
  return { sort, order, page, choose, goTo };
}

type Params = ReturnType<typeof usePromotionListParams>;

export function PromotionSortBar({ params, testId }: { params: Params; testId: string }) {
  const { sort, order, choose } = params;
  return (
    <div className="yct-sortbar" data-testid={testId}>
      {SORTS.map(([key, label]) => (
        <button
          key={key}
          type="button"
          className={sort === key ? 'is-active' : undefined}
          aria-pressed={sort === key}
          onClick={() => choose(key)}
          data-testid={`sort-${key}`}
        >
          {label}
          {key === 'price' && sort === 'price' ? (order === 'desc' ? ' ↓' : ' ↑') : null}
        </button>
      ))}
    </div>
  );
}

export function PromotionPager({ params, page }: { params: Params; page: { current_page: number; per_page: number; total: number; last_page: number } }) {
  if (page.last_page <= 1) return null;
  return (
    <div className="yct-pager">
      <Pagination current={page.current_page} pageSize={page.per_page} total={page.total} showSizeChanger={false} showQuickJumper onChange={params.goTo} />
    </div>
  );
}

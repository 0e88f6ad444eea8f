/** 为你推荐 at the foot of the home page: loads when the buyer scrolls near it, then page by page on request. */
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { GoodsCard } from '@/ui/GoodsCard';
import { useRecommendations } from '../../api/home';
import { CardSkeletons } from './floor-parts';

export function Recommendations() {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = anchor.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  const list = useRecommendations(near);
  const pages = useDeferredValue(list.data?.pages);
  const goods = pages?.flatMap((p) => p.data) ?? [];
  return (
    <section className="yct-floor yct-recommend" data-testid="recommendations" ref={anchor}>
      <header className="yct-floor__head">
        <h2>为你推荐</h2>
        <span className="yct-floor__sub">根据你的收藏与全站热销推荐</span>
      </header>
      {!near || list.isPending || !pages ? (
        <>
          <CardSkeletons count={10} />
          <div className="yct-recommend__more yct-recommend__more--loading" />
        </>
      ) : list.isError && !goods.length ? (
        <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !goods.length ? (
        <EmptyState />
      ) : (
        <>
          <ul className="yct-grid" data-testid="recommend-goods">
            {goods.map((g) => (
              <GoodsCard key={g.id} goods={g} />
            ))}
          </ul>
          <div className="yct-recommend__more">
            {list.hasNextPage ? (
              <button
                type="button"
                className="yct-btn"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
                data-testid="recommend-more"
              >
                {list.isFetchingNextPage ? '加载中…' : '加载更多'}
              </button>
            ) : (
              <span className="yct-muted">没有更多了</span>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** 每日特价 on the home page: today's specials until midnight, five at a time. */
import { useState } from 'react';
import { Link } from 'react-router';
import { Countdown } from '@/ui/Countdown';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { useDailySpecials } from '../../api/home';
import { PromoCard } from '../PromoCard';
import { CardSkeletons, FloorPager, PER_ROW } from './floor-parts';

export function DailySpecialsFloor() {
  const specials = useDailySpecials();
  const [page, setPage] = useState(0);
  const goods = specials.data?.goods ?? [];
  return (
    <section className="yct-floor yct-daily" data-testid="daily-floor">
      <header className="yct-floor__head">
        <h2>每日特价</h2>
        <span className="yct-floor__sub">每天 0 点更新 · 限量特惠</span>
        {specials.data ? <Countdown label="今日剩余" end={specials.data.end_time} onEnd={() => void specials.refetch()} /> : null}
        <span className="yct-floor__tail">
          <FloorPager page={page} pages={Math.ceil(goods.length / PER_ROW)} onChange={setPage} />
          <Link to="/mrtj">更多 ›</Link>
        </span>
      </header>
      {specials.isPending ? (
        <CardSkeletons />
      ) : specials.isError ? (
        <ErrorState compact onRetry={() => void specials.refetch()} retrying={specials.isFetching} />
      ) : !goods.length ? (
        <EmptyState compact description="今日暂无特价商品" />
      ) : (
        <ul className="yct-grid" data-testid="daily-goods">
          {goods.slice(page * PER_ROW, (page + 1) * PER_ROW).map((g) => (
            <PromoCard key={g.id} goods={g} />
          ))}
        </ul>
      )}
    </section>
  );
}

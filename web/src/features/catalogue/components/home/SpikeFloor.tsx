/** 限时秒杀 on the home page: today's sessions, a countdown on the server clock, and the session's goods. */
import { useState } from 'react';
import type { SpikeSession } from '@core/schemas/promotions';
import { chinaClock } from '@/lib/china-time';
import { Countdown } from '@/ui/Countdown';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { useSpike } from '../../api/home';
import { PromoCard } from '../PromoCard';
import { CardSkeletons, FloorPager, PER_ROW } from './floor-parts';

const STATUS_TEXT = ['即将开始', '抢购中', '已结束'] as const;

function Sessions({ sessions, current }: { sessions: SpikeSession[]; current: SpikeSession | null }) {
  return (
    <ol className="yct-spike__sessions" data-testid="spike-sessions">
      {sessions.map((s) => (
        <li key={s.id} className={`${s.id === current?.id ? 'is-current' : ''} is-status-${s.status}`}>
          <b>{chinaClock(s.start_time)}</b>
          <span>{STATUS_TEXT[s.status]}</span>
        </li>
      ))}
    </ol>
  );
}

export function SpikeFloor() {
  const spike = useSpike();
  const [page, setPage] = useState(0);
  const data = spike.data;
  const current = data?.current ?? null;
  const goods = data?.goods ?? [];
  const shown = goods.slice(page * PER_ROW, (page + 1) * PER_ROW);
  return (
    <section className="yct-floor yct-spike" data-testid="spike-floor">
      <header className="yct-floor__head yct-spike__head">
        <h2>
          <span className="yct-spike__bolt" aria-hidden="true">
            ⚡
          </span>
          限时秒杀
        </h2>
        {data ? <Sessions sessions={data.sessions} current={current} /> : null}
        {current ? (
          <Countdown
            label={current.status === 1 ? `${current.name} 距结束` : `${current.name} 距开始`}
            end={current.status === 1 ? current.end_time : current.start_time}
            onEnd={() => void spike.refetch()}
          />
        ) : null}
        <FloorPager page={page} pages={Math.ceil(goods.length / PER_ROW)} onChange={setPage} />
      </header>
      {spike.isPending ? (
        <CardSkeletons />
      ) : spike.isError ? (
        <ErrorState compact onRetry={() => void spike.refetch()} retrying={spike.isFetching} />
      ) : !current || !goods.length ? (
        <EmptyState compact description="今日秒杀已结束，明天 08:00 准时开抢" />
      ) : (
        <ul className="yct-grid" data-testid="spike-goods">
          {shown.map((g) => (
            <PromoCard key={g.id} goods={g} lineType={1} blocked={current.status === 1 ? undefined : '即将开抢'} />
          ))}
        </ul>
      )}
    </section>
  );
}

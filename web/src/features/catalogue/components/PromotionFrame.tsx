/**
 * The frame of a promotion page of one activity (/welfare 全场94折, /hb 满返专区): the zone's banner, the
 * breadcrumb, the activity's bar with its countdown, the rules (and what the page puts before them), the sort bar
 * and the goods a page at a time; or what the page says while loading, when the load failed, when there is no
 * activity, when it is over and when its goods are not there yet.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Paged } from '@core/schemas/common';
import type { AdPosition } from '@core/schemas/content';
import type { PageActivity, PromoGoods } from '@core/schemas/promotions';
import { Countdown } from '@/ui/Countdown';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { CardSkeletons } from './home/floor-parts';
import { PromotionPager, PromotionSortBar, type usePromotionListParams } from './PromotionList';
import { ZoneBanner } from './ZoneBanner';

type Props<A extends PageActivity> = {
  query: UseQueryResult<{ activity: A | null; goods: Paged<PromoGoods> }>;
  params: ReturnType<typeof usePromotionListParams>;
  /** The zone's banner position. */
  position: AdPosition;
  /** The page's name in the breadcrumb. */
  title: string;
  /** Prefix of the test ids of the page, its goods and its sort bar (`welfare`: welfare-page, welfare-goods, welfare-sort). */
  testId: string;
  /** In the bar after the activity's name (the rate of 94折). */
  badge?: (activity: A) => ReactNode;
  /** Before the rules, while the activity is not over (the tiers of 满返 and the buyer's progress). */
  intro?: (activity: A) => ReactNode;
  /** The lines of the rules after 活动规则. */
  rules: (activity: A) => ReactNode;
  /** What the page says when there is no activity, and when it is over. */
  none: ReactNode;
  over: ReactNode;
  goodsCard: (goods: PromoGoods, activity: A) => ReactNode;
};

function Bar<A extends PageActivity>({ activity, total, badge, onEnd }: { activity: A; total: number; badge: ReactNode; onEnd: () => void }) {
  return (
    <div className="yct-daily__bar yct-promo-bar" data-testid="promo-bar" data-status={activity.status}>
      <h1>{activity.name}</h1>
      {badge}
      {activity.status === 1 ? <span>共 {total} 款活动商品</span> : null}
      {activity.status === 0 ? (
        <Countdown label="距活动开始" end={activity.start_time} onEnd={onEnd} />
      ) : activity.status === 1 ? (
        <Countdown label="距活动结束" end={activity.end_time} onEnd={onEnd} />
      ) : null}
    </div>
  );
}

export function PromotionFrame<A extends PageActivity>({ query, params, position, title, testId, badge, intro, rules, none, over, goodsCard }: Props<A>) {
  const data = query.data;
  const activity = data?.activity;

  let body;
  if (query.isPending) body = <CardSkeletons count={10} />;
  else if (query.isError && !data) body = <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (!activity) body = none;
  else if (activity.status === 2) body = over;
  else if (!data.goods.data.length) body = <EmptyState description="活动商品正在准备中，请稍后再来" />;
  else
    body = (
      <>
        <ul className={`yct-grid${query.isPlaceholderData ? ' is-refreshing' : ''}`} data-testid={`${testId}-goods`}>
          {data.goods.data.map((g) => goodsCard(g, activity))}
        </ul>
        <PromotionPager params={params} page={data.goods} />
      </>
    );

  return (
    <div className="yct-container yct-list" data-testid={`${testId}-page`}>
      <ZoneBanner position={position} />
      <div className="yct-breadcrumb">
        <Link to="/">首页</Link>
        <span>›</span>
        <span>{title}</span>
      </div>
      {activity ? <Bar activity={activity} total={data.goods.total} badge={badge?.(activity)} onEnd={() => void query.refetch()} /> : null}
      {activity && activity.status !== 2 ? (
        <>
          {intro?.(activity)}
          <div className="yct-promo-rules" data-testid="promo-rules">
            <b>活动规则</b>
            {rules(activity)}
          </div>
          {data.goods.data.length ? <PromotionSortBar params={params} testId={`${testId}-sort`} /> : null}
        </>
      ) : null}
      {body}
    </div>
  );
}

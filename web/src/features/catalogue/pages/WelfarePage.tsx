/**
 * /welfare 全场94折: the activity's rules and countdown, and its goods at the rate in the list's sorts, a page
 * at a time (sort and page in the URL). Before the start the goods show at their usual price with the time
 * to go; after the end the page says so.
 */
import '@/ui/goods.css';
import '../catalogue.css';
import '../home.css';
import '../promotion-pages.css';
import { Link } from 'react-router';
import type { Welfare } from '@core/schemas/promotions';
import { Countdown } from '@/ui/Countdown';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { GoodsCard } from '@/ui/GoodsCard';
import { useWelfare } from '../api/promotion-pages';
import { CardSkeletons } from '../components/home/floor-parts';
import { PromoCard } from '../components/PromoCard';
import { PromotionPager, PromotionSortBar, usePromotionListParams } from '../components/PromotionList';
import { ZoneBanner } from '../components/ZoneBanner';

const rateText = (rate: number) => `${rate % 10 === 0 ? rate / 10 : (rate / 10).toFixed(1)}折`;

function Bar({ activity, total, onEnd }: { activity: NonNullable<Welfare['activity']>; total: number; onEnd: () => void }) {
  return (
    <div className="yct-daily__bar yct-promo-bar" data-testid="promo-bar" data-status={activity.status}>
      <h1>{activity.name}</h1>
      <span className="yct-promo-bar__rate">{rateText(activity.rate)}</span>
      {activity.status === 1 ? <span>共 {total} 款活动商品</span> : null}
      {activity.status === 0 ? (
        <Countdown label="距活动开始" end={activity.start_time} onEnd={onEnd} />
      ) : activity.status === 1 ? (
        <Countdown label="距活动结束" end={activity.end_time} onEnd={onEnd} />
      ) : null}
    </div>
  );
}

export default function WelfarePage() {
  const params = usePromotionListParams();
  const { sort, order, page } = params;
  const welfare = useWelfare({ page: String(page), sort, order });
  const data = welfare.data;
  const activity = data?.activity;

  let body;
  if (welfare.isPending) body = <CardSkeletons count={10} />;
  else if (welfare.isError && !data) body = <ErrorState onRetry={() => void welfare.refetch()} retrying={welfare.isFetching} />;
  else if (!activity)
    body = (
      <EmptyState description="暂无94折活动，敬请期待">
        <Link to="/list" className="yct-btn">
          看看全部商品
        </Link>
      </EmptyState>
    );
  else if (activity.status === 2)
    body = (
      <EmptyState description="本次94折活动已结束，感谢您的参与">
        <Link to="/list" className="yct-btn">
          看看全部商品
        </Link>
      </EmptyState>
    );
  else if (!data.goods.data.length) body = <EmptyState description="活动商品正在准备中，请稍后再来" />;
  else
    body = (
      <>
        <ul className={`yct-grid${welfare.isPlaceholderData ? ' is-refreshing' : ''}`} data-testid="welfare-goods">
          {data.goods.data.map((g) => (activity.status === 1 ? <PromoCard key={g.id} goods={g} /> : <GoodsCard key={g.id} goods={g} />))}
        </ul>
        <PromotionPager params={params} page={data.goods} />
      </>
    );

  return (
    <div className="yct-container yct-list" data-testid="welfare-page">
      <ZoneBanner position="welfare" />
      <div className="yct-breadcrumb">
        <Link to="/">首页</Link>
        <span>›</span>
        <span>全场94折</span>
      </div>
      {activity ? <Bar activity={activity} total={data.goods.total} onEnd={() => void welfare.refetch()} /> : null}
      {activity && activity.status !== 2 ? (
        <div className="yct-promo-rules" data-testid="promo-rules">
          <b>活动规则</b>
          <span>{activity.description || `活动商品一律${rateText(activity.rate)}`}</span>
          <span>
            折扣在购物车按商品金额计算（向下取整到分），可与满减、优惠券同享；{activity.status === 0 ? '活动开始后下单方享折扣；' : ''}
            最终价格以结算页为准。
          </span>
        </div>
      ) : null}
      {activity && activity.status !== 2 && data.goods.data.length ? <PromotionSortBar params={params} testId="welfare-sort" /> : null}
      {body}
    </div>
  );
}

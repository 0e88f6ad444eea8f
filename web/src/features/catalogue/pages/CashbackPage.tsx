/**
 * /hb 满返专区: the tiers (满 X 返 Y as account red packet when the order completes), the countdown, the buyer's
 * progress from the selected lines of the cart (再买 ¥N 可返 ¥M), and the activity's goods in the list's sorts.
 */
import '@/ui/goods.css';
import '../catalogue.css';
import '../promotion-pages.css';
import { Link } from 'react-router';
import type { Cashback } from '@core/schemas/promotions';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { Countdown } from '@/ui/Countdown';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { GoodsCard } from '@/ui/GoodsCard';
import { useCartCashbacks, useCashback } from '../api/promotion-pages';
import { CardSkeletons } from '../components/home/floor-parts';
import { PromotionPager, PromotionSortBar, usePromotionListParams } from '../components/PromotionList';
import { ZoneBanner } from '../components/ZoneBanner';

/** '500.00' as ¥500, '12.50' as ¥12.50. */
const yuan = (v: string) => `¥${v.endsWith('.00') ? v.slice(0, -3) : v}`;

type Activity = NonNullable<Cashback['activity']>;

/** The buyer's progress: what the cart's selected activity goods pay, the tier reached and what is left to the next. */
function Progress({ activity }: { activity: Activity }) {
  const user = useUserBase().data;
  const member = isLoggedIn(user) && user.is_passed === 1;
  const cashbacks = useCartCashbacks(member && activity.status === 1);
  const first = activity.tiers[0];
  let text;
  if (!isLoggedIn(user)) {
    text = (
      <>
        <Link to="/login?redirect=%2Fhb">登录</Link>后查看您的返现进度
      </>
    );
  } else if (!member) text = '资质审核通过后即可参与满返';
  else if (cashbacks.isPending) text = '正在计算您的返现进度…';
  else if (cashbacks.isError) text = '返现进度暂时无法计算，请稍后刷新';
  else {
    const mine = cashbacks.data.find((c) => c.activity_id === activity.id);
    const paid = mine?.amount ?? '0.00';
    const reached = mine && mine.back !== '0.00' ? mine.back : null;
    const next = mine ? mine.next : first ? { amount: first.amount, back: first.back, need: first.amount } : null;
    text = (
      <>
        购物车已选活动商品实付 <b data-testid="cashback-paid">{yuan(paid)}</b>
        {reached ? (
          <>
            ，已达返 <b data-testid="cashback-reached">{yuan(reached)}</b> 红包
          </>
        ) : null}
        {next ? (
          <>
            ，再买 <b data-testid="cashback-need">{yuan(next.need)}</b> 可返 <b>{yuan(next.back)}</b>
          </>
        ) : (
          '，已达最高档'
        )}
        <Link to="/cart" className="yct-cashback-progress__cart">
          去购物车
        </Link>
      </>
    );
  }
  return (
    <p className="yct-cashback-progress" data-testid="cashback-progress">
      {text}
    </p>
  );
}

export default function CashbackPage() {
  const params = usePromotionListParams();
  const { sort, order, page } = params;
  const cashback = useCashback({ page: String(page), sort, order });
  const data = cashback.data;
  const activity = data?.activity;

  let body;
  if (cashback.isPending) body = <CardSkeletons count={10} />;
  else if (cashback.isError && !data) body = <ErrorState onRetry={() => void cashback.refetch()} retrying={cashback.isFetching} />;
  else if (!activity)
    body = (
      <EmptyState description="暂无满返活动，敬请期待">
        <Link to="/list" className="yct-btn">
          看看全部商品
        </Link>
      </EmptyState>
    );
  else if (activity.status === 2)
    body = (
      <EmptyState description="本次满返活动已结束，已完成订单的返现红包均已发放">
        <Link to="/wdqb/zhhb" className="yct-btn">
          查看账户红包
        </Link>
      </EmptyState>
    );
  else if (!data.goods.data.length) body = <EmptyState description="活动商品正在准备中，请稍后再来" />;
  else
    body = (
      <>
        <ul className={`yct-grid${cashback.isPlaceholderData ? ' is-refreshing' : ''}`} data-testid="cashback-goods">
          {data.goods.data.map((g) => (
            <GoodsCard key={g.id} goods={g} />
          ))}
        </ul>
        <PromotionPager params={params} page={data.goods} />
      </>
    );

  return (
    <div className="yct-container yct-list" data-testid="cashback-page">
      <ZoneBanner position="hb" />
      <div className="yct-breadcrumb">
        <Link to="/">首页</Link>
        <span>›</span>
        <span>满返专区</span>
      </div>
      {activity ? (
        <div className="yct-daily__bar yct-promo-bar" data-testid="promo-bar" data-status={activity.status}>
          <h1>{activity.name}</h1>
          {activity.status === 1 ? <span>共 {data.goods.total} 款活动商品</span> : null}
          {activity.status === 0 ? <Countdown label="距活动开始" end={activity.start_time} onEnd={() => void cashback.refetch()} /> : null}
          {activity.status === 1 ? <Countdown label="距活动结束" end={activity.end_time} onEnd={() => void cashback.refetch()} /> : null}
        </div>
      ) : null}
      {activity && activity.status !== 2 ? (
        <>
          <ol className="yct-cashback-tiers" data-testid="cashback-tiers">
            {activity.tiers.map((t) => (
              <li key={t.amount} data-testid="cashback-tier">
                <span>单笔实付满</span>
                <b>{yuan(t.amount)}</b>
                <span>返红包</span>
                <strong>{yuan(t.back)}</strong>
              </li>
            ))}
          </ol>
          {activity.status === 1 ? <Progress activity={activity} /> : null}
          <div className="yct-promo-rules" data-testid="promo-rules">
            <b>活动规则</b>
            <span>{activity.description}</span>
            <span>
              按单笔订单中活动商品的实付金额（扣除94折、满减、优惠券、红包后）计算，取达到的最高一档；秒杀、组合购商品不计入；订单完成后返现红包自动存入账户红包；发生退款时按退款比例重新计算，已发放的红包相应收回。
            </span>
          </div>
          {data.goods.data.length ? <PromotionSortBar params={params} testId="cashback-sort" /> : null}
        </>
      ) : null}
      {body}
    </div>
  );
}

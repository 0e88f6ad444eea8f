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
import { EmptyState } from '@/ui/EmptyState';
import { GoodsCard } from '@/ui/GoodsCard';
import { useCartCashbacks, useCashback } from '../api/promotion-pages';
import { PromotionFrame } from '../components/PromotionFrame';
import { usePromotionListParams } from '../components/PromotionList';

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
  return (
    <PromotionFrame<Activity>
      query={cashback}
      params={params}
      position="hb"
      title="满返专区"
      testId="cashback"
      intro={(activity) => (
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
        </>
      )}
      rules={(activity) => (
        <>
          <span>{activity.description}</span>
          <span>
            按单笔订单中活动商品的实付金额（扣除94折、满减、优惠券、红包后）计算，取达到的最高一档；秒杀、组合购商品不计入；订单完成后返现红包自动存入账户红包；发生退款时按退款比例重新计算，已发放的红包相应收回。
          </span>
        </>
      )}
      none={
        <EmptyState description="暂无满返活动，敬请期待">
          <Link to="/list" className="yct-btn">
            看看全部商品
          </Link>
        </EmptyState>
      }
      over={
        <EmptyState description="本次满返活动已结束，已完成订单的返现红包均已发放">
          <Link to="/wdqb/zhhb" className="yct-btn">
            查看账户红包
          </Link>
        </EmptyState>
      }
      goodsCard={(g) => <GoodsCard key={g.id} goods={g} />}
    />
  );
}

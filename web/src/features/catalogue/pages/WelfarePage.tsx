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
import { EmptyState } from '@/ui/EmptyState';
import { GoodsCard } from '@/ui/GoodsCard';
import { useWelfare } from '../api/promotion-pages';
import { PromoCard } from '../components/PromoCard';
import { PromotionFrame } from '../components/PromotionFrame';
import { usePromotionListParams } from '../components/PromotionList';

const rateText = (rate: number) => `${rate % 10 === 0 ? rate / 10 : (rate / 10).toFixed(1)}折`;

type Activity = NonNullable<Welfare['activity']>;

export default function WelfarePage() {
  const params = usePromotionListParams();
  const { sort, order, page } = params;
  const welfare = useWelfare({ page: String(page), sort, order });
  return (
    <PromotionFrame<Activity>
      query={welfare}
      params={params}
      position="welfare"
      title="全场94折"
      testId="welfare"
      badge={(activity) => <span className="yct-promo-bar__rate">{rateText(activity.rate)}</span>}
      rules={(activity) => (
        <>
          <span>{activity.description || `活动商品一律${rateText(activity.rate)}`}</span>
          <span>
            折扣在购物车按商品金额计算（向下取整到分），可与满减、优惠券同享；{activity.status === 0 ? '活动开始后下单方享折扣；' : ''}
            最终价格以结算页为准。
          </span>
        </>
      )}
      none={
        <EmptyState description="暂无94折活动，敬请期待">
          <Link to="/list" className="yct-btn">
            看看全部商品
          </Link>
        </EmptyState>
      }
      over={
        <EmptyState description="本次94折活动已结束，感谢您的参与">
          <Link to="/list" className="yct-btn">
            看看全部商品
          </Link>
        </EmptyState>
      }
      goodsCard={(g, activity) => (activity.status === 1 ? <PromoCard key={g.id} goods={g} /> : <GoodsCard key={g.id} goods={g} />)}
    />
  );
}

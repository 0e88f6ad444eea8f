/** /mrtj 每日特价: today's specials with their limits, until midnight on the server clock. */
import '@/ui/goods.css';
import '../catalogue.css';
import '../home.css';
import { Link } from 'react-router';
import { Countdown } from '@/ui/Countdown';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { useDailySpecials } from '../api/home';
import { CardSkeletons } from '../components/home/floor-parts';
import { PromoCard } from '../components/PromoCard';
import { ZoneBanner } from '../components/ZoneBanner';

const WEEKDAYS = ['', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'];

export default function DailySpecialsPage() {
  const specials = useDailySpecials();
  const data = specials.data;
  return (
    <div className="yct-container yct-list" data-testid="daily-specials-page">
      <ZoneBanner position="mrtj" />
      <div className="yct-breadcrumb">
        <Link to="/">首页</Link>
        <span>›</span>
        <span>每日特价</span>
      </div>
      <div className="yct-daily__bar">
        <h1>{data?.name ?? '每日特价'}</h1>
        {data ? (
          <span>
            {data.date} {WEEKDAYS[data.weekday]} · 共 {data.goods.length} 款特价商品
          </span>
        ) : null}
        {data ? <Countdown label="距今日特价结束" end={data.end_time} onEnd={() => void specials.refetch()} /> : null}
      </div>
      <p className="yct-zone-notice">特价商品每个账户每日限购，超出限购数量按原价结算；特价以结算页为准。</p>
      {specials.isPending ? (
        <CardSkeletons count={10} />
      ) : specials.isError ? (
        <ErrorState onRetry={() => void specials.refetch()} retrying={specials.isFetching} />
      ) : !data?.goods.length ? (
        <EmptyState description="今日暂无特价商品，明天再来看看吧">
          <Link to="/list" className="yct-btn">
            看看全部商品
          </Link>
        </EmptyState>
      ) : (
        <ul className="yct-grid" data-testid="daily-goods">
          {data.goods.map((g) => (
            <PromoCard key={g.id} goods={g} />
          ))}
        </ul>
      )}
    </div>
  );
}

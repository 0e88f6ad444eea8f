/**
 * 月月惠: `/yyh` shows this month's member days (past, today, to come), today's offer with the time left or the
 * next member day with a countdown, and a preview of the goods; `/yyh/list` lists the goods of the running
 * member day to buy at the member price (before it starts they show at their usual price).
 */
import '@/ui/goods.css';
import '../catalogue.css';
import '../home.css';
import '../promotion-pages.css';
import { Link } from 'react-router';
import type { Monthly } from '@core/schemas/promotions';
import { Countdown } from '@/ui/Countdown';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { GoodsCard } from '@/ui/GoodsCard';
import { useMonthly } from '../api/promotion-pages';
import { CardSkeletons } from '../components/home/floor-parts';
import { PromoCard } from '../components/PromoCard';

const PREVIEW = 5;
const DAY_STATES = ['即将开始', '今日进行中', '已结束'];

function Header({ data, refetch }: { data: Monthly; refetch: () => void }) {
  const a = data.activity!;
  return (
    <>
      <div className="yct-daily__bar yct-promo-bar" data-testid="promo-bar" data-status={a.status}>
        <h1>{a.name}</h1>
        <span data-testid="monthly-state">{data.on ? '今天是会员日，会员价进行中' : data.next ? `下一个会员日：${data.next.date}` : '本期活动已结束'}</span>
        {data.on && data.end_time ? <Countdown label="距会员日结束" end={data.end_time} onEnd={refetch} /> : null}
        {!data.on && data.next ? <Countdown label="距会员日开始" end={data.next.start_time} onEnd={refetch} /> : null}
      </div>
      <ol className="yct-monthly-days" data-testid="monthly-days" aria-label={`${data.month} 会员日`}>
        {data.days.map((d) => (
          <li key={d.date} className={`is-${['soon', 'today', 'past'][d.status]}`} data-testid="monthly-day" data-status={d.status}>
            <b>{Number(d.date.slice(8))}日</b>
            <span>{DAY_STATES[d.status]}</span>
          </li>
        ))}
      </ol>
      <div className="yct-promo-rules">
        <b>活动规则</b>
        <span>{a.description}</span>
        <span>会员日当天加入购物车的活动商品按会员价结算，超出每日限购的数量按原价结算；非会员日按原价销售。</span>
      </div>
    </>
  );
}

function useMonthlyPage() {
  const monthly = useMonthly();
  const data = monthly.data;
  let state: 'loading' | 'error' | 'none' | 'ended' | 'ready' = 'ready';
  if (monthly.isPending) state = 'loading';
  else if (monthly.isError) state = 'error';
  else if (!data?.activity) state = 'none';
  else if (data.activity.status === 2) state = 'ended';
  return { monthly, data, state };
}

function Fallback({ state, retry, retrying }: { state: string; retry: () => void; retrying: boolean }) {
  if (state === 'loading') return <CardSkeletons count={5} />;
  if (state === 'error') return <ErrorState onRetry={retry} retrying={retrying} />;
  return (
    <EmptyState description={state === 'ended' ? '本期月月惠已结束，敬请期待下一期' : '暂无月月惠活动，敬请期待'}>
      <Link to="/mrtj" className="yct-btn">
        看看每日特价
      </Link>
    </EmptyState>
  );
}

export function MonthlyPage() {
  const { monthly, data, state } = useMonthlyPage();
  return (
    <div className="yct-container yct-list" data-testid="monthly-page">
      <div className="yct-breadcrumb">
        <Link to="/">首页</Link>
        <span>›</span>
        <span>月月惠</span>
      </div>
      {state !== 'ready' || !data ? (
        <Fallback state={state} retry={() => void monthly.refetch()} retrying={monthly.isFetching} />
      ) : (
        <>
          <Header data={data} refetch={() => void monthly.refetch()} />
          <div className="yct-monthly-preview__head">
            <h2>{data.on ? '今日会员价商品' : '会员日商品预告'}</h2>
            <Link to="/yyh/list" data-testid="monthly-more">
              查看全部 {data.goods.length} 款 ›
            </Link>
          </div>
          {data.goods.length ? (
            <ul className="yct-grid" data-testid="monthly-goods">
              {data.goods.slice(0, PREVIEW).map((g) => (data.on ? <PromoCard key={g.id} goods={g} /> : <GoodsCard key={g.id} goods={g} />))}
            </ul>
          ) : (
            <EmptyState description="活动商品正在准备中" />
          )}
        </>
      )}
    </div>
  );
}

export function MonthlyListPage() {
  const { monthly, data, state } = useMonthlyPage();
  return (
    <div className="yct-container yct-list" data-testid="monthly-list-page">
      <div className="yct-breadcrumb">
        <Link to="/">首页</Link>
        <span>›</span>
        <Link to="/yyh">月月惠</Link>
        <span>›</span>
        <span>活动商品</span>
      </div>
      {state !== 'ready' || !data ? (
        <Fallback state={state} retry={() => void monthly.refetch()} retrying={monthly.isFetching} />
      ) : (
        <>
          <div className="yct-daily__bar yct-promo-bar" data-testid="promo-bar">
            <h1>{data.activity!.name}</h1>
            <span>共 {data.goods.length} 款活动商品</span>
            {data.on && data.end_time ? <Countdown label="距会员日结束" end={data.end_time} onEnd={() => void monthly.refetch()} /> : null}
            {!data.on && data.next ? <Countdown label="距会员日开始" end={data.next.start_time} onEnd={() => void monthly.refetch()} /> : null}
          </div>
          {!data.on ? <p className="yct-zone-notice">今天不是会员日，商品按原价销售；{data.next ? `${data.next.date} 会员日当天享会员价。` : ''}</p> : null}
          {data.goods.length ? (
            <ul className="yct-grid" data-testid="monthly-goods">
              {data.goods.map((g) => (data.on ? <PromoCard key={g.id} goods={g} /> : <GoodsCard key={g.id} goods={g} />))}
            </ul>
          ) : (
            <EmptyState description="活动商品正在准备中" />
          )}
        </>
      )}
    </div>
  );
}

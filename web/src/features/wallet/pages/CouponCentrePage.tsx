/**
 * /lqzx 领券中心: the coupons open to claiming as tickets, four a row, each with how much is claimed and
 * 立即领取 / 已领取 / 已领完. A guest sees them too; claiming asks for the login (the client's 401 handling), and
 * the server's refusals (not yet approved, gone, over the limit) arrive as its 温馨提示.
 */
import '../wallet.css';
import { Pagination } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { CenterCoupon } from '@core/schemas/wallet';
import { CouponTicket } from '@/ui/CouponTicket';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { useToast } from '@/lib/use-toast';
import { useCouponCentre, useReceiveCoupon } from '../api/coupon-centre';
import { formatDay } from '../lib/format';

const CENTRE_TICKET = { ticket: 'yct-lqzx__ticket', face: 'yct-lqzx__face', body: 'yct-lqzx__body' };

function CentreTicket({ c, onClaim, claiming }: { c: CenterCoupon; onClaim: (id: number) => void; claiming: boolean }) {
  return (
    <CouponTicket coupon={c} off={c.state === 2} classNames={CENTRE_TICKET} data-testid="centre-coupon" data-id={c.id} data-state={c.state}>
      <p className="yct-lqzx__name" title={c.name}>
        <em>{c.type_text}</em>
        {c.name}
      </p>
      <p className="yct-muted">
        {c.scope_text}
        {c.limit_text ? `，${c.limit_text}` : ''}
      </p>
      <p className="yct-muted">{c.valid_text}</p>
      <p className="yct-muted">
        每人限领 {c.per_user} 张 · {formatDay(c.ends_at)} 截止领取
      </p>
      {c.left !== null ? (
        <div className="yct-lqzx__progress" aria-label={`已领${c.claimed_percent}%`}>
          <span style={{ width: `${c.claimed_percent}%` }} />
          <i>
            已领{c.claimed_percent}% · 剩余 <b data-testid="coupon-left">{c.left}</b> 张
          </i>
        </div>
      ) : (
        <p className="yct-lqzx__unlimited">不限量</p>
      )}
      <div className="yct-lqzx__act">
        {c.state === 0 ? (
          <button type="button" className="yct-btn yct-btn--primary" disabled={claiming} onClick={() => onClaim(c.id)} data-testid="coupon-claim">
            {claiming ? '领取中…' : '立即领取'}
          </button>
        ) : c.state === 1 ? (
          <>
            <span className="yct-lqzx__done">已领取{c.mine > 1 ? ` ${c.mine} 张` : ''}</span>
            <Link to="/list" className="yct-btn">
              去使用
            </Link>
          </>
        ) : (
          <span className="yct-lqzx__gone">已领完</span>
        )}
      </div>
    </CouponTicket>
  );
}

export default function CouponCentrePage() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  const centre = useCouponCentre(page);
  const receive = useReceiveCoupon();
  const toast = useToast();
  const claim = (id: number) =>
    receive.mutate(id, {
      onSuccess: (done) => void toast.success(`领取成功：${done.coupon.name}已放入“我的钱包-优惠券”，结算时可直接使用`),
    });
  const data = centre.data;
  return (
    <div className="yct-container yct-lqzx" data-testid="coupon-centre">
      <div className="yct-lqzx__banner">
        <h1>领券中心</h1>
        <p>领取优惠券，采购更省钱 · 领取后在结算页自动匹配可用券</p>
      </div>
      <div className="yct-breadcrumb">
        <Link to="/">首页</Link>
        <span>›</span>
        <span>领券中心</span>
        <Link to="/wdqb/yhq" className="yct-lqzx__mine">
          我的优惠券 ›
        </Link>
      </div>
      {centre.isPending ? (
        <ul className="yct-lqzx__grid" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i} className="yct-lqzx__ticket is-skeleton" />
          ))}
        </ul>
      ) : centre.isError ? (
        <ErrorState onRetry={() => void centre.refetch()} retrying={centre.isFetching} />
      ) : !data?.data.length ? (
        <EmptyState description="暂无可领取的优惠券，敬请期待">
          <Link to="/list" className="yct-btn">
            先去逛逛
          </Link>
        </EmptyState>
      ) : (
        <>
          <ul className="yct-lqzx__grid" data-testid="centre-coupons">
            {data.data.map((c) => (
              <CentreTicket key={c.id} c={c} onClaim={claim} claiming={receive.isPending && receive.variables === c.id} />
            ))}
          </ul>
          {data.last_page > 1 ? (
            <Pagination
              className="yct-lqzx__pages"
              current={data.current_page}
              pageSize={data.per_page}
              total={data.total}
              showSizeChanger={false}
              onChange={(p) => setSearch(p > 1 ? { page: String(p) } : {})}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

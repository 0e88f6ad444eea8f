/** /wdqb/yhq 优惠券: the account's coupons as tickets by status (未使用, 已使用, 已过期) and type, with the counts. */
import { Pagination, Radio } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { Coupon } from '@core/schemas/wallet';
import { CouponTicket } from '@/ui/CouponTicket';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { useCoupons } from '../api/coupons';
import { PanelLoading, WalletLayout } from '../components/WalletLayout';
import { formatDay, intParam } from '../lib/format';

const TABS = [
  { status: 0, label: '未使用', key: 'unused' },
  { status: 1, label: '已使用', key: 'used' },
  { status: 2, label: '已过期', key: 'expired' },
] as const;

const WALLET_TICKET = { ticket: 'yct-wal-ticket', face: 'yct-wal-ticket__face', body: 'yct-wal-ticket__body' };

function Ticket({ c }: { c: Coupon }) {
  const side = (
    <div className="yct-wal-ticket__side">
      {c.status === 0 ? (
        <Link to="/list" className="yct-wal-ticket__use">
          去使用
        </Link>
      ) : (
        <span className="yct-wal-ticket__stamp">{c.status_text}</span>
      )}
    </div>
  );
  return (
    <CouponTicket coupon={c} off={c.status !== 0} classNames={WALLET_TICKET} side={side} data-testid="coupon-card" data-status={c.status} data-id={c.id}>
      <p className="yct-wal-ticket__name">
        <em className="yct-wal-ticket__type">{c.type_text}</em>
        {c.name}
      </p>
      <p className="yct-muted">
        {c.scope_text}
        {c.limit_text ? `，${c.limit_text}` : ''}
      </p>
      <p className="yct-muted">
        {formatDay(c.starts_at)} 至 {formatDay(c.ends_at)}
        {c.expiring ? <span className="yct-wal-ticket__soon">即将过期</span> : null}
      </p>
      {c.status === 1 && c.order_id ? (
        <p className="yct-muted">
          {formatDay(c.used_at)} 用于订单{' '}
          <Link to={`/order/info/${c.order_id}`} className="yct-wal-link">
            {c.order_no}
          </Link>
        </p>
      ) : null}
    </CouponTicket>
  );
}

export default function CouponsPage() {
  const [search, setSearch] = useSearchParams();
  const status = intParam(search, 'status', [0, 1, 2] as const, 0);
  const type = intParam(search, 'type', [0, 1, 2] as const, 0);
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useCoupons({ status, type, page });
  const data = list.data;
  const go = (next: Record<string, number>) => {
    const params = new URLSearchParams(search);
    for (const [k, v] of Object.entries(next)) params.set(k, String(v));
    if (!('page' in next)) params.delete('page');
    setSearch(params, { replace: true });
  };

  let body;
  if (list.isPending) body = <PanelLoading />;
  else if (list.isError && !data) body = <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (!data?.data.length)
    body = (
      <EmptyState description={status === 0 ? '暂无可用优惠券' : status === 1 ? '暂无已使用的优惠券' : '暂无已过期的优惠券'}>
        {status === 0 ? (
          <Link to="/lqzx" className="yct-btn yct-btn--primary">
            去领券中心
          </Link>
        ) : null}
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className={`yct-wal-tickets${list.isPlaceholderData ? ' is-refreshing' : ''}`} data-testid="coupon-list">
          {data.data.map((c) => (
            <Ticket key={c.id} c={c} />
          ))}
        </ul>
        {data.last_page > 1 ? (
          <div className="yct-wal-pager">
            <Pagination current={data.current_page} pageSize={data.per_page} total={data.total} showSizeChanger={false} onChange={(p) => go({ page: p })} />
          </div>
        ) : null}
      </>
    );

  return (
    <WalletLayout
      tab="yhq"
      title="优惠券"
      extra={
        <Link to="/lqzx" className="yct-wal-titlelink">
          领券中心 ›
        </Link>
      }
    >
      <div className="yct-wal-toolbar">
        <div className="yct-wal-tabs" role="tablist" data-testid="coupon-tabs">
          {TABS.map((t) => (
            <button
              key={t.status}
              type="button"
              role="tab"
              aria-selected={status === t.status}
              className={`yct-wal-tabs__tab${status === t.status ? ' is-active' : ''}`}
              onClick={() => go({ status: t.status })}
              data-testid="coupon-tab"
              data-key={t.status}
            >
              {t.label}
              <em data-testid="coupon-tab-count">{data?.counts[t.key] ?? ''}</em>
            </button>
          ))}
        </div>
        <Radio.Group
          size="small"
          optionType="button"
          value={type}
          onChange={(e) => go({ type: e.target.value })}
          options={[
            { value: 0, label: '全部' },
            { value: 1, label: '满减券' },
            { value: 2, label: '折扣券' },
          ]}
          data-testid="coupon-type"
        />
      </div>
      {data && status === 0 && data.counts.expiring > 0 ? (
        <p className="yct-wal-warnline">您有 {data.counts.expiring} 张优惠券将在 3 天内过期，请尽快使用。</p>
      ) : null}
      {list.isError && data ? <ErrorState compact onRetry={() => void list.refetch()} retrying={list.isFetching} /> : null}
      {body}
    </WalletLayout>
  );
}

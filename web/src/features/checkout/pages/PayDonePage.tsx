/** /cart/step4?id= 支付完成: the order paid, its number and amount, and where to go next. */
import '../checkout.css';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Code } from '@core/codes';
import { isApiError } from '@/api/client';
import { chinaTime } from '@/lib/china-time';
import { ErrorState } from '@/ui/ErrorState';
import { useOrder } from '../api/get-order';
import { OrderNotFound } from '../components/OrderNotFound';
import { PageLoading, RequireBuyer } from '../components/RequireBuyer';
import { money, parseOrderId, PAY_METHOD_NAMES, readPayState } from '../lib/checkout';

function DoneScreen({ id }: { id: number }) {
  const order = useOrder(id);
  const location = useLocation();
  if (order.isPending) return <PageLoading />;
  if (order.isError) {
    if (isApiError(order.error) && order.error.code === Code.notFound) return <OrderNotFound />;
    return (
      <div className="yct-co-panel">
        <ErrorState onRetry={() => void order.refetch()} retrying={order.isFetching} />
      </div>
    );
  }
  const o = order.data;
  const paid = o.status >= 1 && o.status <= 3;
  if (!paid) {
    return (
      <div className="yct-co-result" data-testid="pay-not-done">
        <span className="yct-co-result__icon is-off" aria-hidden="true">
          !
        </span>
        <h2>{o.status === 4 ? '订单已取消' : o.pay_status === 2 ? '订单等待财务确认转账' : '订单尚未完成支付'}</h2>
        <p>
          订单号 <b>{o.order_no}</b>，应付金额 <span className="yct-co-money">{money(o.pay_amount)}</span>
        </p>
        <div className="yct-co-result__actions">
          {o.status === 0 ? (
            <Link to={o.is_ephedrine ? `/cart/hm?id=${o.id}` : `/cart/step3/${o.id}`} className="yct-btn yct-btn--primary">
              {o.pay_status === 2 ? '查看转账信息' : '去支付'}
            </Link>
          ) : null}
          <Link to={`/order/info/${o.id}`} className="yct-btn">
            查看订单
          </Link>
        </div>
      </div>
    );
  }
  const method = PAY_METHOD_NAMES[o.pay_method as keyof typeof PAY_METHOD_NAMES] ?? '';
  const ephedrine = readPayState(location.state).orders?.find((x) => x.is_ephedrine && x.id !== o.id);
  return (
    <div className="yct-co-result yct-co-result--done" data-testid="pay-done">
      <span className="yct-co-result__icon is-ok" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="34" height="34">
          <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h2>支付成功，我们将尽快为您安排发货！</h2>
      <dl className="yct-co-result__facts">
        <div>
          <dt>订单号</dt>
          <dd data-testid="done-order-no">{o.order_no}</dd>
        </div>
        <div>
          <dt>实付金额</dt>
          <dd className="yct-co-money yct-co-result__amount" data-testid="done-amount">
            {money(o.pay_amount)}
          </dd>
        </div>
        {method ? (
          <div>
            <dt>支付方式</dt>
            <dd data-testid="done-method">{method}</dd>
          </div>
        ) : null}
        {o.paid_at ? (
          <div>
            <dt>支付时间</dt>
            <dd data-testid="done-paid-at">{chinaTime(o.paid_at)}</dd>
          </div>
        ) : null}
        <div>
          <dt>收货信息</dt>
          <dd>
            {o.address.name} {o.address.phone}，{o.address.full}
          </dd>
        </div>
      </dl>
      {ephedrine ? (
        <p className="yct-co-result__extra" data-testid="ephedrine-reminder">
          本次提交的含麻黄碱类商品订单 {ephedrine.order_no}（{money(ephedrine.pay_amount)}）尚需对公转账，
          <Link to={`/cart/hm?id=${ephedrine.id}`} className="yct-co-link">
            去支付
          </Link>
        </p>
      ) : null}
      <div className="yct-co-result__actions">
        <Link to={`/order/info/${o.id}`} className="yct-btn yct-btn--primary" data-testid="view-order">
          查看订单
        </Link>
        <Link to="/list" className="yct-btn" data-testid="continue-shopping">
          继续采购
        </Link>
      </div>
    </div>
  );
}

export default function PayDonePage() {
  const [search] = useSearchParams();
  const id = parseOrderId(search.get('id'));
  return (
    <div className="yct-container yct-co" data-testid="pay-done-page">
      <RequireBuyer what="查看支付结果">{id ? <DoneScreen key={id} id={id} /> : <OrderNotFound />}</RequireBuyer>
    </div>
  );
}

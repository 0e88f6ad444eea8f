/**
 * /cart/step3/{id} 支付订单: the order with its countdown, and the ways to pay it. Balance and credit pay once the
 * buyer confirms the amount with the payment password; online shows a QR code and waits for the gateway; transfer
 * shows the bank account. Ephedrine orders pay on /cart/hm.
 */
import '../checkout.css';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { Code } from '@core/codes';
import type { OrderDetail, PayMethod } from '@core/schemas/trade';
import { isApiError } from '@/api/client';
import { ErrorState } from '@/ui/ErrorState';
import { PayConfirmModal } from '@/ui/PayConfirmModal';
import { useOrder } from '../api/get-order';
import { usePayOrder } from '../api/pay-order';
import { OnlinePay } from '../components/OnlinePay';
import { OrderHead } from '../components/OrderHead';
import { OrderNotFound } from '../components/OrderNotFound';
import { OrderCancelled, OrderPaid } from '../components/OrderStates';
import { PayMethods } from '../components/PayMethods';
import { TransferWaiting } from '../components/TransferWaiting';
import { PageLoading, RequireBuyer } from '../components/RequireBuyer';
import { covers, money, parseOrderId, PAY_METHOD_NAMES, payStage, readPayState, type Wallet } from '../lib/checkout';

/** The order of this checkout's ephedrine goods, placed beside the ordinary one, waiting to be paid on /cart/hm. */
function EphedrineReminder({ state, current }: { state: unknown; current: number }) {
  const other = readPayState(state).orders?.find((o) => o.is_ephedrine && o.id !== current);
  if (!other) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="yct-co-notice"
      data-testid="ephedrine-reminder"
      title={
        <>
          本次提交的含麻黄碱类商品已单独生成订单 {other.order_no}（{money(other.pay_amount)}），须对公转账支付。
          <Link to={`/cart/hm?id=${other.id}`} className="yct-co-link">
            去支付含麻订单
          </Link>
        </>
      }
    />
  );
}

/**
 * Balance and credit: the amount and 立即支付, which opens the confirmation with the payment password (or, for a
 * buyer who has none yet, sets it there with the SMS code and then pays).
 */
function PayNow({ order, method, wallet }: { order: OrderDetail; method: 'balance' | 'credit'; wallet?: Wallet }) {
  const pay = usePayOrder();
  const navigate = useNavigate();
  const location = useLocation();
  const [confirming, setConfirming] = useState(false);
  const available = method === 'balance' ? wallet?.balance : wallet?.credit_available;
  const ok = covers(available, order.pay_amount);
  const submit = async (payPassword: string) => {
    const data = await pay.mutateAsync({ orderId: order.id, method, payPassword });
    setConfirming(false);
    void navigate(data.method === 'balance' || data.method === 'credit' ? data.next : `/cart/step4?id=${order.id}`, { state: location.state });
  };
  return (
    <div className="yct-co-paynow" data-testid="pay-now">
      <p>
        使用{PAY_METHOD_NAMES[method]}
        <strong className="yct-co-money">{money(order.pay_amount)}</strong>
        {method === 'credit' ? <span className="yct-muted">（账期 30 天，到期前请在“我的钱包-账期管理”中还款）</span> : null}
      </p>
      {ok === false ? (
        <p className="yct-co-field-error">
          {method === 'balance' ? '账户余额不足，请选择其他支付方式' : '可用账期额度不足，请选择其他支付方式'}
          {method === 'balance' ? (
            <Link to="/wdqb/yegl" className="yct-co-link">
              去充值
            </Link>
          ) : null}
        </p>
      ) : null}
      <Button type="primary" size="large" className="yct-co-paynow__btn" disabled={ok === false} onClick={() => setConfirming(true)} data-testid="pay-submit">
        立即支付
      </Button>
      <PayConfirmModal
        open={confirming}
        amount={order.pay_amount}
        instrument={method}
        available={available}
        details={[{ label: '订单编号', value: order.order_no }]}
        onSubmit={submit}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

function TransferChoice({ order }: { order: OrderDetail }) {
  const pay = usePayOrder();
  return (
    <div className="yct-co-paynow" data-testid="transfer-choice">
      <p>选择对公转账后，订单将保留 7 天等待平台财务确认到账，期间不能再改用其他支付方式。</p>
      <Button
        type="primary"
        size="large"
        className="yct-co-paynow__btn"
        loading={pay.isPending}
        onClick={() => pay.mutate({ orderId: order.id, method: 'transfer' })}
        data-testid="transfer-confirm"
      >
        确认对公转账
      </Button>
    </div>
  );
}

function Cashier({ order, onExpire }: { order: OrderDetail; onExpire: () => void }) {
  const location = useLocation();
  const { wallet } = readPayState(location.state);
  const [method, setMethod] = useState<PayMethod | null>(null);
  return (
    <>
      <OrderHead order={order} onExpire={onExpire} />
      <EphedrineReminder state={location.state} current={order.id} />
      <section className="yct-co-section" data-testid="pay-methods">
        <header className="yct-co-section__head">
          <h2>选择支付方式</h2>
        </header>
        <PayMethods amount={order.pay_amount} wallet={wallet} value={method} onChange={setMethod} />
        <div className="yct-co-paypanel">
          {method === null ? <p className="yct-co-hint">请选择一种支付方式</p> : null}
          {method === 'balance' || method === 'credit' ? <PayNow key={method} order={order} method={method} wallet={wallet} /> : null}
          {method === 'online' ? <OnlinePay orderId={order.id} /> : null}
          {method === 'transfer' ? <TransferChoice order={order} /> : null}
        </div>
      </section>
    </>
  );
}

function PayScreen({ id }: { id: number }) {
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
  switch (payStage(o)) {
    case 'ephedrine':
      return <Navigate to={`/cart/hm?id=${o.id}`} replace state={location.state} />;
    case 'paid':
      return <OrderPaid order={o} />;
    case 'cancelled':
      return <OrderCancelled order={o} />;
    case 'transfer':
      return (
        <>
          <OrderHead order={o} tone="wait" title="已选择对公转账，等待财务确认到账" onExpire={() => void order.refetch()} />
          <EphedrineReminder state={location.state} current={o.id} />
          <section className="yct-co-section">
            <TransferWaiting order={o} />
          </section>
        </>
      );
    default:
      return <Cashier order={o} onExpire={() => void order.refetch()} />;
  }
}

export default function PayPage() {
  const id = parseOrderId(useParams().id);
  return (
    <div className="yct-container yct-co" data-testid="pay-page">
      <RequireBuyer what="支付订单">{id ? <PayScreen key={id} id={id} /> : <OrderNotFound />}</RequireBuyer>
    </div>
  );
}

/**
 * /cart/hm?id= 支付订单 for goods containing ephedrine: bank transfer only, by regulation, with the signed receipt
 * to be uploaded under 含麻订单 once the goods arrive.
 */
import '../checkout.css';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Code } from '@core/codes';
import type { OrderDetail } from '@core/schemas/trade';
import { isApiError } from '@/api/client';
import { ErrorState } from '@/ui/ErrorState';
import { useOrder } from '../api/get-order';
import { usePayOrder } from '../api/pay-order';
import { OrderHead } from '../components/OrderHead';
import { OrderNotFound } from '../components/OrderNotFound';
import { OrderCancelled, OrderPaid } from '../components/OrderStates';
import { PageLoading, RequireBuyer } from '../components/RequireBuyer';
import { TransferWaiting } from '../components/TransferWaiting';
import { EPHEDRINE_NOTICE, parseOrderId, payStage } from '../lib/checkout';

function Regulation() {
  return (
    <Alert
      type="error"
      showIcon
      className="yct-co-notice yct-co-notice--rule"
      data-testid="ephedrine-notice"
      title="含麻黄碱类复方制剂购销管理提示"
      description={
        <>
          根据《关于进一步加强含麻黄碱类复方制剂管理的通知》，{EPHEDRINE_NOTICE}。
          <Link to="/hmdd" className="yct-co-link" data-testid="hmdd-link">
            前往含麻订单
          </Link>
        </>
      }
    />
  );
}

function ChooseTransfer({ order }: { order: OrderDetail }) {
  const pay = usePayOrder();
  const [chosen, setChosen] = useState(false);
  return (
    <section className="yct-co-section" data-testid="pay-methods">
      <header className="yct-co-section__head">
        <h2>支付方式</h2>
      </header>
      <div className="yct-co-methods">
        <button
          type="button"
          role="radio"
          aria-checked={chosen}
          className={`yct-co-method yct-co-method--transfer${chosen ? ' is-selected' : ''}`}
          onClick={() => setChosen(true)}
          data-testid="pay-method-transfer"
        >
          <span className="yct-co-method__icon" aria-hidden="true">
            转
          </span>
          <span className="yct-co-method__text">
            <b>对公转账</b>
            <span>含麻黄碱类订单唯一支付方式</span>
          </span>
        </button>
        {['余额支付', '账期支付', '在线支付'].map((name) => (
          <span key={name} className="yct-co-method is-disabled" aria-disabled="true">
            <span className="yct-co-method__text">
              <b>{name}</b>
              <span>含麻订单不可用</span>
            </span>
          </span>
        ))}
      </div>
      {chosen ? (
        <div className="yct-co-paypanel">
          <div className="yct-co-paynow">
            <p>请使用企业对公账户转账，个人账户转账无法确认。确认后订单将保留 7 天等待平台财务确认到账。</p>
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
        </div>
      ) : null}
    </section>
  );
}

function EphedrineScreen({ id }: { id: number }) {
  const order = useOrder(id);
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
  const stage = payStage(o);
  if (!o.is_ephedrine && stage !== 'paid' && stage !== 'cancelled') return <Navigate to={`/cart/step3/${o.id}`} replace />;
  if (stage === 'paid')
    return (
      <>
        <OrderPaid order={o} />
        <Regulation />
      </>
    );
  if (stage === 'cancelled') return <OrderCancelled order={o} />;
  const waiting = o.pay_status === 2;
  return (
    <>
      <OrderHead
        order={o}
        tone={waiting ? 'wait' : 'ok'}
        title={waiting ? '已选择对公转账，等待财务确认到账' : '含麻黄碱类商品订单已提交，请对公转账付款'}
        onExpire={() => void order.refetch()}
      />
      <Regulation />
      {waiting ? (
        <section className="yct-co-section">
          <TransferWaiting order={o} />
        </section>
      ) : (
        <ChooseTransfer order={o} />
      )}
    </>
  );
}

export default function PayEphedrinePage() {
  const [search] = useSearchParams();
  const id = parseOrderId(search.get('id'));
  return (
    <div className="yct-container yct-co" data-testid="pay-ephedrine-page">
      <RequireBuyer what="支付订单">{id ? <EphedrineScreen key={id} id={id} /> : <OrderNotFound />}</RequireBuyer>
    </div>
  );
}

/**
 * /order/returnInfo/{id} 退货详情 and /order/afterSalesInfo/{id} 售后详情 (`id` is the request's): its status with a
 * step bar, the lines asked for, reason, pictures, refund amount of a return, the operator's reply and the order.
 */
import '../orders.css';
import { Image } from 'antd';
import { Link, Navigate, useParams } from 'react-router';
import { Code } from '@core/codes';
import type { AfterSaleDetail, AfterSaleKind } from '@core/schemas/trade';
import { isApiError } from '@/api/client';
import { ErrorState } from '@/ui/ErrorState';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { Loading, RequireMember } from '@/ui/account/RequireMember';
import { useAfterSale } from '../api/get-after-sale';
import { OrderNotFound } from '../components/OrderNotFound';
import { Progress } from '../components/OrderProgress';
import { AFTER_SALE_NAMES, AFTER_SALE_TONES, afterSalePath, afterSaleSteps, formatTime, money } from '../lib/orders';

const parseId = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 0);

/** What the buyer is told under the status. */
function hint(r: AfterSaleDetail) {
  const name = AFTER_SALE_NAMES[r.kind];
  switch (r.status) {
    case 0:
      return `${name}申请已提交，平台将在 1-2 个工作日内审核，请耐心等待。`;
    case 1:
      return r.kind === 'return' ? '平台已同意退货，请按客服指引寄回商品，收到退货后退款将原路退回。' : '平台已同意您的售后申请，客服将尽快与您联系处理。';
    case 2:
      return `平台未同意本次${name}申请，如有疑问请联系专属客服。`;
    default:
      return r.kind === 'return' ? '退货已完成，退款已原路退回。' : '售后已处理完成。';
  }
}

function Request({ r }: { r: AfterSaleDetail }) {
  const name = AFTER_SALE_NAMES[r.kind];
  const units = r.items.reduce((n, i) => n + i.number, 0);
  return (
    <div className="yct-ord-detail" data-testid="after-sale-detail" data-kind={r.kind} data-status={r.status}>
      <div className={`yct-ord-state is-${AFTER_SALE_TONES[r.status]}`}>
        <div className="yct-ord-state__main">
          <p className="yct-ord-state__no">
            申请编号：<b>#{r.id}</b>
          </p>
          <h2 className="yct-ord-state__text" data-testid="after-sale-status">
            {r.status_text}
          </h2>
          <div className="yct-ord-state__hint">
            <p>{hint(r)}</p>
          </div>
          {r.kind === 'return' ? (
            <p className="yct-ord-state__refund">
              退款金额 <b data-testid="after-sale-refund-amount">{money(r.refund_amount)}</b>
            </p>
          ) : null}
        </div>
        <div className="yct-ord-state__steps">
          <Progress steps={afterSaleSteps(r.status, r.kind)} testId="after-sale-steps" />
          <dl className="yct-ord-state__summary">
            <div>
              <dt>申请类型</dt>
              <dd>{name}</dd>
            </div>
            <div>
              <dt>{name}商品</dt>
              <dd>
                {r.items.length} 种 {units} 件
              </dd>
            </div>
            <div>
              <dt>订单状态</dt>
              <dd>{r.order.status_text}</dd>
            </div>
            <div>
              <dt>申请时间</dt>
              <dd>{formatTime(r.created_at, false)}</dd>
            </div>
          </dl>
        </div>
      </div>

      <section className="yct-ord-section">
        <header className="yct-ord-section__head">
          <h2>申请信息</h2>
          <div className="yct-ord-section__extra">
            关联订单：
            <Link to={`/order/info/${r.order.id}`} className="yct-ord-link" data-testid="after-sale-order-link">
              {r.order.order_no}
            </Link>
            <span className="yct-muted">（{r.order.status_text}）</span>
          </div>
        </header>
        <dl className="yct-ord-apply">
          <div>
            <dt>申请类型</dt>
            <dd>{name}</dd>
          </div>
          <div>
            <dt>{name}原因</dt>
            <dd data-testid="after-sale-reason-text">{r.reason}</dd>
          </div>
          <div>
            <dt>图片凭证</dt>
            <dd>
              {r.images.length ? (
                <Image.PreviewGroup>
                  <div className="yct-ord-apply__images" data-testid="after-sale-images-view">
                    {r.images.map((src) => (
                      <Image key={src} src={src} width={72} height={72} alt="凭证" />
                    ))}
                  </div>
                </Image.PreviewGroup>
              ) : (
                <span className="yct-muted">未上传</span>
              )}
            </dd>
          </div>
          <div>
            <dt>平台回复</dt>
            <dd data-testid="after-sale-reply">{r.reply || <span className="yct-muted">暂无回复，审核后将在此显示处理意见</span>}</dd>
          </div>
        </dl>
      </section>

      <section className="yct-ord-section">
        <header className="yct-ord-section__head">
          <h2>{name}商品</h2>
          <div className="yct-ord-section__extra yct-muted">
            共 {r.items.length} 种 {units} 件
          </div>
        </header>
        <table className="yct-ord-plain">
          <thead>
            <tr>
              <th>商品信息</th>
              <th>单价</th>
              <th>{name}数量</th>
            </tr>
          </thead>
          <tbody>
            {r.items.map((item) => (
              <tr key={item.item_id} data-testid="after-sale-item">
                <td>
                  <div className="yct-ord-goods">
                    <span className="yct-ord-goods__img">
                      <img src={item.image} alt={item.name} width={60} height={60} />
                    </span>
                    <div className="yct-ord-goods__text">
                      <span className="yct-ord-goods__name">{item.name}</span>
                      <span>{item.ypgg}</span>
                    </div>
                  </div>
                </td>
                <td>{money(item.price)}</td>
                <td data-testid="after-sale-item-number">
                  {item.number}
                  {item.bzdw}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

function RequestScreen({ id, kind }: { id: number; kind: AfterSaleKind }) {
  const query = useAfterSale(id);
  if (!id) return <OrderNotFound what="售后申请" />;
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.code === Code.notFound) return <OrderNotFound what="售后申请" />;
    return <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  // A return opened on the after-sales path (or the other way round) moves to its own page.
  if (query.data.kind !== kind) return <Navigate to={afterSalePath(query.data)} replace />;
  return <Request r={query.data} />;
}

function AfterSalePage({ kind }: { kind: AfterSaleKind }) {
  const { id } = useParams();
  return (
    <AccountLayout
      title={`${AFTER_SALE_NAMES[kind]}详情`}
      extra={
        <Link to="/order" className="yct-ord-titlelink">
          ‹ 返回我的订单
        </Link>
      }
    >
      <RequireMember>
        <RequestScreen id={parseId(id)} kind={kind} />
      </RequireMember>
    </AccountLayout>
  );
}

export function ReturnInfoPage() {
  return <AfterSalePage kind="return" />;
}

export function AfterSalesInfoPage() {
  return <AfterSalePage kind="after_sale" />;
}

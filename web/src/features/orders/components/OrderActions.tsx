/**
 * The buttons of an order, as the server allows them (`actions`): 去支付, 确认收货, 上传签收单, 取消订单 (with a
 * reason), 再次购买, 申请退货 and 申请售后 (a dialog), and 查看详情 on the list. The list and the detail page share them.
 */
import { App, Button, Input, Select } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AfterSaleKind, OrderSummary } from '@core/schemas/trade';
import { useBuyAgain } from '../api/buy-again';
import { useCancelOrder } from '../api/cancel-order';
import { useReceiveOrder } from '../api/receive-order';
import { ACTION_LABELS, CANCEL_REASONS, composeReason, isPrimaryAction, payPath, pointsFor, visibleActions, type ActionKey } from '../lib/orders';
import { AfterSaleModal } from './AfterSaleModal';
import { ReceiptUpload } from './ReceiptUpload';

type Props = {
  order: Pick<OrderSummary, 'id' | 'order_no' | 'is_ephedrine' | 'pay_amount' | 'actions'>;
  /** `list`: a column of small buttons with 查看详情; `detail`: a row of larger ones. */
  layout?: 'list' | 'detail';
};

/** What the cancel dialog holds while it is open: Modal.confirm keeps its content, not its state. */
function CancelReason({ onChange }: { onChange: (reason: string) => void }) {
  const [choice, setChoice] = useState<string>(CANCEL_REASONS[0]);
  const [note, setNote] = useState('');
  const update = (c: string, n: string) => {
    setChoice(c);
    setNote(n);
    onChange(composeReason(c, c === '其他' ? n : ''));
  };
  return (
    <div className="yct-ord-cancel">
      <p>取消后，订单占用的库存、优惠券和红包将退回，此操作不可恢复。</p>
      <label>
        取消原因
        <Select
          value={choice}
          onChange={(c) => update(c, note)}
          options={CANCEL_REASONS.map((r) => ({ value: r, label: r }))}
          style={{ width: 220 }}
          data-testid="cancel-reason"
        />
      </label>
      {choice === '其他' ? (
        <Input.TextArea
          value={note}
          onChange={(e) => update(choice, e.target.value)}
          maxLength={80}
          rows={2}
          placeholder="请填写取消原因（选填）"
          data-testid="cancel-reason-note"
        />
      ) : null}
    </div>
  );
}

export function OrderActions({ order, layout = 'list' }: Props) {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const cancel = useCancelOrder();
  const receive = useReceiveOrder();
  const buyAgain = useBuyAgain();
  const [afterSale, setAfterSale] = useState<AfterSaleKind | null>(null);
  const size = layout === 'list' ? ('small' as const) : ('middle' as const);
  const keys = visibleActions(order.actions);

  const askCancel = () => {
    let reason: string = CANCEL_REASONS[0];
    modal.confirm({
      title: '确定取消该订单吗？',
      content: <CancelReason onChange={(r) => (reason = r)} />,
      okText: '确定取消',
      cancelText: '再想想',
      okButtonProps: { danger: true, 'data-testid': 'cancel-confirm' },
      centered: true,
      width: 460,
      onOk: () =>
        cancel.mutateAsync({ id: order.id, reason }).then(
          () => void message.success('订单已取消'),
          () => undefined,
        ),
    });
  };

  const askReceive = () => {
    const points = pointsFor(order.pay_amount);
    modal.confirm({
      title: '确认已收到货物？',
      content: `请核对商品数量与质量后再确认收货。确认后订单完成${points > 0 ? `，将获得 ${points} 积分` : ''}。`,
      okText: '确认收货',
      cancelText: '取消',
      okButtonProps: { 'data-testid': 'receive-confirm' },
      centered: true,
      onOk: () =>
        receive.mutateAsync(order.id).then(
          () => void message.success(points > 0 ? `已确认收货，获得 ${points} 积分` : '已确认收货'),
          () => undefined,
        ),
    });
  };

  const runBuyAgain = () =>
    buyAgain.mutate(order.id, {
      onSuccess: ({ added, skipped }) => {
        void message.success({
          content: (
            <span data-testid="buy-again-result">
              已将 {added.length} 种商品加入购物车
              {skipped.length ? `，${skipped.length} 种暂时无法购买（${skipped.map((s) => `${s.name}：${s.reason}`).join('；')}）` : ''}
              {/* The message renders outside the router: a plain link that navigates in the app. */}
              <a
                href="/cart"
                className="yct-ord-msglink"
                data-testid="buy-again-cart"
                onClick={(e) => {
                  e.preventDefault();
                  void navigate('/cart');
                }}
              >
                去购物车结算 ›
              </a>
            </span>
          ),
          duration: 6,
        });
      },
    });

  const button = (key: ActionKey) => {
    const common = { size, 'data-testid': `order-action-${key}`, type: isPrimaryAction(key) ? ('primary' as const) : ('default' as const) };
    switch (key) {
      case 'pay':
        return (
          <Button key={key} {...common} onClick={() => void navigate(payPath(order))}>
            {ACTION_LABELS.pay}
          </Button>
        );
      case 'receive':
        return (
          <Button key={key} {...common} onClick={askReceive} loading={receive.isPending}>
            {ACTION_LABELS.receive}
          </Button>
        );
      case 'receipt':
        return <ReceiptUpload key={key} orderId={order.id} size={size} />;
      case 'cancel':
        return (
          <Button key={key} {...common} onClick={askCancel}>
            {ACTION_LABELS.cancel}
          </Button>
        );
      case 'buy_again':
        return (
          <Button key={key} {...common} onClick={runBuyAgain} loading={buyAgain.isPending}>
            {ACTION_LABELS.buy_again}
          </Button>
        );
      case 'return':
      case 'after_sale':
        return (
          <Button key={key} {...common} onClick={() => setAfterSale(key)}>
            {ACTION_LABELS[key]}
          </Button>
        );
    }
  };

  return (
    <div className={`yct-ord-actions yct-ord-actions--${layout}`} data-testid="order-actions">
      {keys.map(button)}
      {layout === 'list' ? (
        <Link to={`/order/info/${order.id}`} className="yct-ord-actions__detail" data-testid="order-detail-link">
          查看详情
        </Link>
      ) : null}
      {afterSale ? <AfterSaleModal orderId={order.id} kind={afterSale} open onClose={() => setAfterSale(null)} /> : null}
    </div>
  );
}

/**
 * 到货通知 and 降价提醒 on the product page (docs/decisions/047-goods-notices.md): where adding to the
 * cart is refused for no stock, 到货通知 subscribes (已订阅到货通知 with 取消 once it waits); 降价提醒 opens a small
 * form with today's price and an optional target. A guest is sent to log in first; a buyer who cannot see prices
 * gets no 降价提醒.
 */
import { BellOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { yuanToFen } from '@core/money';
import type { Goods } from '@core/schemas/goods';
import type { GoodsNotice } from '@core/schemas/goods-notices';
import { isApiError } from '@/api/client';
import { Price } from '@/ui/Price';
import { useCancelNotice, useGoodsNoticeState, useSubscribeNotice } from '../api/goods-notices';
import { ARRIVAL_DONE, outOfStock, useLoggedIn } from './ArrivalAction';

/** The product page's 到货通知 (out of stock) and 降价提醒 (when the buyer may see prices), beside the favourite. */
export function DetailNotices({ goods }: { goods: Goods }) {
  const { message, modal } = App.useApp();
  const { logged, orLogin } = useLoggedIn(`/list/info/${goods.id}`);
  const state = useGoodsNoticeState(goods.id, logged);
  const subscribe = useSubscribeNotice();
  const cancel = useCancelNotice();
  const [priceOpen, setPriceOpen] = useState(false);
  const arrival = state.data?.arrival ?? null;
  const price = state.data?.price ?? null;
  const cancelOne = (n: GoodsNotice) =>
    modal.confirm({
      title: `取消${n.kind_text}`,
      content: n.kind === 'arrival' ? '取消后，该商品到货时将不再通知您。' : '取消后，该商品降价时将不再通知您。',
      okText: '确认取消',
      cancelText: '再想想',
      onOk: () => cancel.mutateAsync(n.id).then(() => void message.success(`已取消${n.kind_text}`)),
    });
  // Prices hidden from a logged-in buyer (licences not approved): nothing to fall from.
  const pricesShown = !logged || goods.base_price !== null;
  return (
    <>
      {outOfStock(goods) ? (
        arrival ? (
          <span className="yct-notice-on" data-testid="arrival-on">
            <span className="yct-notice-on__mark">✓</span>已订阅到货通知
            <Button type="link" size="small" onClick={() => cancelOne(arrival)} data-testid="arrival-cancel">
              取消
            </Button>
          </span>
        ) : (
          <Button
            className="yct-notice-main"
            loading={subscribe.isPending}
            disabled={logged && state.isPending}
            onClick={() => orLogin() && subscribe.mutate({ goods_id: goods.id, kind: 'arrival' }, { onSuccess: () => void message.success(ARRIVAL_DONE) })}
            icon={<BellOutlined />}
            data-testid="arrival-subscribe"
          >
            到货通知
          </Button>
        )
      ) : null}
      {pricesShown ? (
        price ? (
          <span className="yct-notice-on" data-testid="price-on">
            <span className="yct-notice-on__mark">✓</span>已设降价提醒
            <span className="yct-muted">{price.target_price ? `（目标价 ¥${price.target_price}）` : '（任意降价）'}</span>
            <Button type="link" size="small" onClick={() => setPriceOpen(true)} data-testid="price-edit">
              修改
            </Button>
            <Button type="link" size="small" onClick={() => cancelOne(price)} data-testid="price-cancel">
              取消
            </Button>
          </span>
        ) : (
          <Button onClick={() => orLogin() && setPriceOpen(true)} disabled={logged && state.isPending} data-testid="price-subscribe">
            降价提醒
          </Button>
        )
      ) : null}
      {priceOpen ? <PriceDropModal goods={goods} current={price} onClose={() => setPriceOpen(false)} /> : null}
    </>
  );
}

const TARGET_RE = /^\d{1,5}(\.\d{1,2})?$/;

/** 降价提醒's form: today's price, an optional target below it. */
function PriceDropModal({ goods, current, onClose }: { goods: Goods; current: GoodsNotice | null; onClose: () => void }) {
  const { message } = App.useApp();
  const subscribe = useSubscribeNotice();
  const [form] = Form.useForm<{ target_price: string }>();
  const now = goods.base_price;
  const submit = ({ target_price }: { target_price: string }) => {
    subscribe.mutate(
      { goods_id: goods.id, kind: 'price', target_price: target_price.trim() },
      {
        onSuccess: (saved) => {
          void message.success(saved.target_price ? `降价提醒已设置：降至 ¥${saved.target_price} 及以下时通知您` : '降价提醒已设置：商品降价时通知您');
          onClose();
        },
        onError: (error) => {
          if (isApiError(error)) form.setFields(Object.entries(error.fieldErrors).map(([name, errors]) => ({ name: name as 'target_price', errors })));
        },
      },
    );
  };
  return (
    <Modal
      open
      title="降价提醒"
      okText={current ? '保存' : '设置提醒'}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={subscribe.isPending}
      width={440}
      destroyOnHidden
      data-testid="price-modal"
    >
      <div className="yct-notice-modal">
        <div className="yct-notice-modal__goods">
          <img src={goods.goods_image[0]} alt="" width={56} height={56} />
          <div>
            <b>{goods.name}</b>
            <div className="yct-muted">
              {goods.ypgg} · {goods.sccj}
            </div>
          </div>
        </div>
        <div className="yct-notice-modal__now">
          当前价格 <Price value={now} tip={goods.price_tip} />
        </div>
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ target_price: current?.target_price ?? '' }} requiredMark={false}>
          <Form.Item
            name="target_price"
            label="目标价格（选填）"
            extra="留空：只要降价就通知您；填写：降至该价格及以下时通知您。每次订阅通知一次。"
            rules={[
              {
                validator: async (_, v: string | undefined) => {
                  const text = (v ?? '').trim();
                  if (!text) return;
                  if (!TARGET_RE.test(text)) throw new Error('目标价须为金额（元），最多两位小数');
                  if (yuanToFen(text) <= 0) throw new Error('目标价须大于0');
                  if (now !== null && yuanToFen(text) >= yuanToFen(now)) throw new Error(`目标价须低于当前价 ¥${now}`);
                },
              },
            ]}
          >
            <Input prefix="¥" placeholder="例如 9.90" inputMode="decimal" maxLength={9} data-testid="price-target" />
          </Form.Item>
        </Form>
        <p className="yct-notice-modal__how">降价后将通过“我的消息”通知您，您可在 自助服务 › 到货降价通知 中查看和取消。</p>
      </div>
    </Modal>
  );
}

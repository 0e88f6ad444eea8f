/**
 * 到货通知 in a list card's or row's add-to-cart place, for goods out of stock (docs/decisions/047-goods-notices.md):
 * one click subscribes (a guest is sent to log in first). Kept apart from the product page's buttons and form, so
 * that a list page does not load them.
 */
import { App } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Goods } from '@core/schemas/goods';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { unavailable } from '@/ui/sale-state';
import { useSubscribeNotice } from '../api/goods-notices';
import { loginPathTo } from '@core/routes';

export const ARRIVAL_DONE = '订阅成功，商品到货后将通过站内消息通知您';

/** Whether the goods is out of stock (缺货), the one state 到货通知 is for. */
export const outOfStock = (g: Goods) => unavailable(g) === '缺货';

/** Sends a guest to log in and back to `back`; answers whether the buyer is logged in. */
export function useLoggedIn(back: string) {
  const { data: user } = useUserBase();
  const navigate = useNavigate();
  const logged = isLoggedIn(user);
  return {
    logged,
    orLogin: () => {
      if (!logged) void navigate(loginPathTo(back));
      return logged;
    },
  };
}

/** A list card's or row's 到货通知 in the place of the refused add-to-cart: one click subscribes. */
export function ArrivalAction({ goods }: { goods: Goods }) {
  const { message } = App.useApp();
  const { orLogin } = useLoggedIn(`/list/info/${goods.id}`);
  const subscribe = useSubscribeNotice();
  const [done, setDone] = useState(false);
  const click = () => {
    if (!orLogin()) return;
    subscribe.mutate({ goods_id: goods.id, kind: 'arrival' }, { onSuccess: () => (setDone(true), void message.success(ARRIVAL_DONE)) });
  };
  return (
    <div className="yct-addcart yct-addcart--compact yct-notice-action">
      <button
        type="button"
        className={`yct-notice-btn${done ? ' is-on' : ''}`}
        disabled={done || subscribe.isPending}
        onClick={click}
        data-testid="arrival-subscribe"
      >
        {done ? '已订阅到货通知' : '到货通知'}
      </button>
    </div>
  );
}

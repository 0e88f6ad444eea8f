/**
 * POST /api/cart: adds lines after the spec's 200 ms add delay; the badges take the new line count at once,
 * and the cart is marked stale (the mini cart loads it again when it next opens, a shown cart at once). A guest
 * is told 请先登录 and sent to log in, and the login page brings them back to the goods.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { Code } from '@core/codes';
import { CART_ADD_DELAY_MS } from '@core/constants';
import type { CartCount } from '@core/schemas/cart';
import type { UserBase } from '@core/schemas/user';
import type { Goods } from '@core/schemas/goods';
import { http, isApiError } from '@/api/client';
import { isLoggedIn, USER_BASE_KEY } from '@/lib/session/get-user-base';
import { invalidateCart } from './cart-cache';
import { loginPathTo } from '@core/routes';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Thrown before asking the server when the account is known to be a guest's. */
class GuestError extends Error {}

const needsLogin = (error: unknown) => error instanceof GuestError || (isApiError(error) && (error.code === Code.unauthenticated || error.status === 401));

export function useAddToCart() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const navigate = useNavigate();
  return useMutation({
    /**
     * `type` 1 adds the goods as a flash-sale line, 3 with `combinationId` a bundle of 组合购 (`goods` its first
     * member, `number` bundles); by default the goods' own line type.
     */
    mutationFn: async ({
      goods,
      number,
      type,
      price,
      combinationId,
    }: {
      goods: Goods;
      number: number;
      type?: number;
      price?: string | null;
      combinationId?: number;
    }) => {
      const user = client.getQueryData<UserBase>(USER_BASE_KEY);
      if (user && !isLoggedIn(user)) throw new GuestError();
      await wait(CART_ADD_DELAY_MS);
      const lineType = type ?? goods.type;
      return http.post<CartCount>(
        '/api/cart',
        {
          params: [
            {
              goods_id: goods.id,
              price: price ?? goods.base_price ?? '',
              number,
              ck_id: goods.ck_id,
              type: lineType || undefined,
              combination_id: combinationId,
            },
          ],
        },
        // A guest's refusal is answered here, with the way back to the goods, rather than by the client's plain redirect.
        { silent: [Code.unauthenticated] },
      );
    },
    onSuccess: ({ cart }) => {
      void message.success('已加入购物车');
      client.setQueryData<UserBase>(USER_BASE_KEY, (user) => (user ? { ...user, cart } : user));
      void client.invalidateQueries({ queryKey: USER_BASE_KEY });
      void invalidateCart(client);
    },
    onError: (error, { goods }) => {
      if (!needsLogin(error)) return;
      void message.warning('请先登录');
      void navigate(loginPathTo(`/list/info/${goods.id}`));
    },
  });
}

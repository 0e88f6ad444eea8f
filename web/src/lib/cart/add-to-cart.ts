/**
 * POST /api/cart: adds lines after the spec's 200 ms add delay; the badges take the new line count at once,
 * and the cart is marked stale (the mini cart loads it again when it next opens, a shown cart at once).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { CART_ADD_DELAY_MS } from '@core/constants';
import type { CartCount } from '@core/schemas/cart';
import type { UserBase } from '@core/schemas/user';
import type { Goods } from '@core/schemas/goods';
import { http } from '@/api/client';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';
import { invalidateCart } from './cart-cache';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function useAddToCart() {
  const client = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    /** `type` 1 adds the goods as a flash-sale line; by default the goods' own line type. */
    mutationFn: async ({ goods, number, type, price }: { goods: Goods; number: number; type?: number; price?: string | null }) => {
      await wait(CART_ADD_DELAY_MS);
      const lineType = type ?? goods.type;
      return http.post<CartCount>('/api/cart', {
        params: [{ goods_id: goods.id, price: price ?? goods.base_price ?? '', number, ck_id: goods.ck_id, type: lineType || undefined }],
      });
    },
    onSuccess: ({ cart }) => {
      void message.success('已加入购物车');
      client.setQueryData<UserBase>(USER_BASE_KEY, (user) => (user ? { ...user, cart } : user));
      void client.invalidateQueries({ queryKey: USER_BASE_KEY });
      void invalidateCart(client);
    },
  });
}

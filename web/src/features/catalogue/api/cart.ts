/** POST /api/cart: adds lines after the spec's 200 ms add delay; the header badge follows. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { CART_ADD_DELAY_MS } from '@core/constants';
import { http } from '@/api/client';
import { USER_BASE_KEY } from '@/features/user/api/get-user-base';
import type { Goods } from './types';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function useAddToCart() {
  const client = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: async ({ goods, number }: { goods: Goods; number: number }) => {
      await wait(CART_ADD_DELAY_MS);
      return http.post<{ cart: number }>('/api/cart', {
        params: [{ goods_id: goods.id, price: goods.base_price ?? '', number, ck_id: goods.ck_id, type: goods.type || undefined }],
      });
    },
    onSuccess: () => {
      void message.success('已加入购物车');
      void client.invalidateQueries({ queryKey: USER_BASE_KEY });
    },
  });
}

/** POST /api/goods_list/{id}/cart: a list (or its chosen lines) into the cart at the kept quantities, in one request. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoodsListCarted } from '@core/schemas/goods-lists';
import type { UserBase } from '@core/schemas/user';
import { http } from '@/api/client';
import { invalidateCart } from '@/lib/cart/cart-cache';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';

export function useGoodsListToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, goodsIds }: { id: number; goodsIds?: number[] }) =>
      http.post<GoodsListCarted>(`/api/goods_list/${id}/cart`, goodsIds?.length ? { goods_ids: goodsIds } : {}),
    onSuccess: ({ cart }) => {
      client.setQueryData<UserBase>(USER_BASE_KEY, (user) => (user ? { ...user, cart } : user));
      void client.invalidateQueries({ queryKey: USER_BASE_KEY });
      void invalidateCart(client);
    },
  });
}

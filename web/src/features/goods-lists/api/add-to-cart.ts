/**
 * POST /api/cart with one or several lines of quick purchase (several go in together or not at all); the
 * badges take the new line count and the cart is loaded again where it shows.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CartCount, cartLine } from '@core/schemas/cart';
import type { Goods } from '@core/schemas/goods';
import type { UserBase } from '@core/schemas/user';
import { http } from '@/api/client';
import { invalidateCart } from '@/lib/cart/cart-cache';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';

/** A line quick purchase adds, with the price the buyer saw (the server prices every line itself). */
export type CartAdd = Pick<z.input<typeof cartLine>, 'goods_id' | 'number' | 'ck_id'> & { price: Goods['base_price'] };

export function useAddLines() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lines: CartAdd[]) =>
      http.post<CartCount>('/api/cart', { params: lines.map((l) => ({ goods_id: l.goods_id, number: l.number, ck_id: l.ck_id, price: l.price ?? '' })) }),
    onSuccess: ({ cart }) => {
      client.setQueryData<UserBase>(USER_BASE_KEY, (user) => (user ? { ...user, cart } : user));
      void client.invalidateQueries({ queryKey: USER_BASE_KEY });
      void invalidateCart(client);
    },
  });
}

/**
 * POST /api/cart with the one line the code box found: no add delay (a scanner adds one goods after another), the
 * refusal said in the box rather than as a toast; the badges and the cart take the new lines.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { CartCount } from '@core/schemas/cart';
import type { Goods } from '@core/schemas/goods';
import type { UserBase } from '@core/schemas/user';
import { http } from '@/api/client';
import { invalidateCart } from '@/lib/cart/cart-cache';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';

export function useAddCodeLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ goods, number }: { goods: Goods; number: number }) =>
      http.post<CartCount>(
        '/api/cart',
        { params: [{ goods_id: goods.id, number, ck_id: goods.ck_id, price: goods.base_price ?? '' }] },
        { silent: [Code.invalid, Code.refused] },
      ),
    onSuccess: ({ cart }) => {
      client.setQueryData<UserBase>(USER_BASE_KEY, (user) => (user ? { ...user, cart } : user));
      void client.invalidateQueries({ queryKey: USER_BASE_KEY });
      void invalidateCart(client);
    },
  });
}

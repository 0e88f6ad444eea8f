/**
 * POST /api/purchase_list/cart: the lines the buyer keeps, each with its goods and quantity, in one request (the
 * choices are remembered for the next list). Rows that cannot go in come back with why; the others went in.
 * The badges take the new line count and the cart is loaded again where it shows.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseListCartInput, PurchaseListCarted } from '@core/schemas/purchase-lists';
import type { UserBase } from '@core/schemas/user';
import { invalidateCart } from '@/lib/cart/cart-cache';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';
import { postJson } from './json';

export function useCartLines() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PurchaseListCartInput) => postJson<PurchaseListCarted>('/api/purchase_list/cart', body, { timeout: 60_000 }),
    onSuccess: ({ cart }) => {
      client.setQueryData<UserBase>(USER_BASE_KEY, (user) => (user ? { ...user, cart } : user));
      void client.invalidateQueries({ queryKey: USER_BASE_KEY });
      void invalidateCart(client);
    },
  });
}

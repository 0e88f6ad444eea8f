/**
 * POST /api/cart/batch_delete: removes lines. The answer holds the number of lines left, not the list: the
 * badges take the number at once and the cart is fetched again before the change counts as done.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartDeleted } from '@core/schemas/cart';
import type { UserBase } from '@core/schemas/user';
import { http } from '@/api/client';
import { CART_KEY, invalidateCart } from '@/lib/cart/cart-cache';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';
import { CART_MUTATION_SCOPE } from './get-cart-list';

export function useDeleteCartLines() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: CART_KEY,
    scope: CART_MUTATION_SCOPE,
    mutationFn: (ids: number[]) => http.post<CartDeleted>('/api/cart/batch_delete', { ids }),
    onSuccess: ({ cart }) => {
      client.setQueryData<UserBase>(USER_BASE_KEY, (user) => (user ? { ...user, cart } : user));
      return Promise.all([invalidateCart(client), client.invalidateQueries({ queryKey: USER_BASE_KEY })]);
    },
  });
}

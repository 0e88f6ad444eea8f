/** POST /api/cart/{id}/edit: a line's quantity; the answer is the whole cart, priced again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartList } from '@core/schemas/cart';
import { http } from '@/api/client';
import { CART_KEY, invalidateCart } from '@/lib/cart/cart-cache';
import { CART_MUTATION_SCOPE, putCartList } from './get-cart-list';

export function useEditCartNumber() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: CART_KEY,
    scope: CART_MUTATION_SCOPE,
    mutationFn: ({ id, number }: { id: number; number: number }) => http.post<CartList>(`/api/cart/${id}/edit`, { params: { number } }),
    onSuccess: (list) => putCartList(client, list),
    // Refused (stock, whole packages): the cart shows again what the server holds.
    onError: () => invalidateCart(client),
  });
}

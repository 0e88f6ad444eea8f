/** POST /api/cart/checkout: exactly these lines go on to the confirm page (step 2). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartCheckout } from '@core/schemas/cart';
import { http } from '@/api/client';
import { CART_KEY, invalidateCart } from '@/lib/cart/cart-cache';
import { CART_MUTATION_SCOPE } from './get-cart-list';

export function useCheckoutCart() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: CART_KEY,
    scope: CART_MUTATION_SCOPE,
    mutationFn: (ids: number[]) => http.post<CartCheckout>('/api/cart/checkout', { ids }),
    // The selection changed on the server to exactly these lines.
    onSuccess: () => void invalidateCart(client),
  });
}

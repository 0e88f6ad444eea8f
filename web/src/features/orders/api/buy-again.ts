/** POST /api/order/{id}/buy_again: the order's goods go back into the cart; those that cannot be bought are listed. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyAgain } from '@core/schemas/trade';
import { http } from '@/api/client';
import { invalidateCart } from '@/lib/cart/cart-cache';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';

export function useBuyAgain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<BuyAgain>(`/api/order/${id}/buy_again`),
    // The cart badge and the cart are stale now.
    onSuccess: () => Promise.all([invalidateCart(client), client.invalidateQueries({ queryKey: USER_BASE_KEY })]),
  });
}

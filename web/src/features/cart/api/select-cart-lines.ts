/** POST /api/cart/batch_select: ticks or unticks lines; the answer is the whole cart, priced again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartList } from '@core/schemas/cart';
import { http } from '@/api/client';
import { CART_KEY } from '@/lib/cart/cart-cache';
import { CART_MUTATION_SCOPE, putCartList } from './get-cart-list';

export function useSelectCartLines() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: CART_KEY,
    scope: CART_MUTATION_SCOPE,
    mutationFn: ({ ids, selected }: { ids: number[]; selected: boolean }) =>
      http.post<CartList>('/api/cart/batch_select', { ids, is_selected: selected ? 1 : 0 }),
    onSuccess: (list) => putCartList(client, list),
  });
}

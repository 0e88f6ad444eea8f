/** POST /api/cart/copy: a chain headquarters puts lines into its stores' carts. */
import { useMutation } from '@tanstack/react-query';
import type { CartCopy } from '@core/schemas/cart';
import { http } from '@/api/client';

export function useCopyCart() {
  return useMutation({
    mutationFn: ({ ids, storeIds }: { ids: number[]; storeIds: number[] }) => http.post<CartCopy>('/api/cart/copy', { ids, other_user_ids: storeIds }),
  });
}

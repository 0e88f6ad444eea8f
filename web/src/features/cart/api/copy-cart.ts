/** POST /api/cart/copy: a chain headquarters puts lines into its stores' carts. */
import { useMutation } from '@tanstack/react-query';
import { http } from '@/api/client';

export type CopyResult = { stores: { store_id: number; cart: number }[] };

export function useCopyCart() {
  return useMutation({
    mutationFn: ({ ids, storeIds }: { ids: number[]; storeIds: number[] }) => http.post<CopyResult>('/api/cart/copy', { ids, other_user_ids: storeIds }),
  });
}

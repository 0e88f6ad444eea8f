/** POST /api/admin/goods/on_sale (goods:write): puts goods on or off sale, one or up to 200 at once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OnSaleResult } from '@core/schemas/admin-goods';
import { adminHttp } from '@/lib/admin/http';
import { AUDIT_KEY } from '@/lib/admin/keys';
import { GOODS_KEY } from './get-goods';

const setOnSale = (body: { ids: number[]; is_on_sale: 0 | 1 }) => adminHttp.post<z.infer<typeof OnSaleResult>>('/api/admin/goods/on_sale', body);

export function useSetOnSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOnSale,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: GOODS_KEY }), queryClient.invalidateQueries({ queryKey: AUDIT_KEY })]),
  });
}

/**
 * POST /api/admin/goods/{id}/stock (stock:write): adds or takes off units with a reason; GET .../stock_log
 * (goods:read): the changes by hand, newest first, 20 a page.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { StockChange, stockBody, StockLogPage } from '@core/schemas/admin-goods';
import { adminHttp } from '@/lib/admin/http';
import { AUDIT_KEY } from '@/lib/admin/keys';
import { GOODS_KEY } from './get-goods';

export const stockLogQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...GOODS_KEY, 'stock-log', id, page],
    queryFn: ({ signal }) => adminHttp.get<z.infer<typeof StockLogPage>>(`/api/admin/goods/${id}/stock_log`, { page }, { signal }),
    placeholderData: keepPreviousData,
  });

const changeStock = ({ id, ...body }: z.input<typeof stockBody> & { id: number }) =>
  adminHttp.post<z.infer<typeof StockChange>>(`/api/admin/goods/${id}/stock`, body, { quiet: [Code.invalid] });

export function useChangeStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStock,
    // The detail (its stock), the list and the log all change.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: GOODS_KEY }), queryClient.invalidateQueries({ queryKey: AUDIT_KEY })]),
  });
}

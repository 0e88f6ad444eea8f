/**
 * The console's returns and after-sales requests: GET /api/admin/after_sales (order:read), 同意/驳回 and
 * 确认收货 (after_sale:decide), 退款 (order:refund).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminAfterSalePage, afterSaleDecisionBody, afterSaleRefundBody } from '@core/schemas/admin-orders';
import { adminHttp } from '@/lib/admin/http';
import type { ListQuery } from '@/lib/admin/list';
import { AFTER_SALES_KEY, invalidateAfterWrite } from './keys';

export { AFTER_SALES_KEY };
/** The dashboard's queues link here with `status=0` (to decide) and `status=1` (to receive and refund). */
export const AFTER_SALE_FILTERS = ['status', 'kind'] as const;

export const getAfterSales = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<z.infer<typeof AdminAfterSalePage>>('/api/admin/after_sales', { page, ...filters }, { signal });

function useAfterSaleWrite<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body?: B }) =>
      adminHttp.post<null>(`/api/admin/after_sales/${id}${path}`, body as never, { quiet: [Code.invalid] }),
    onSuccess: () => invalidateAfterWrite(queryClient),
  });
}

export const useDecideAfterSale = () => useAfterSaleWrite<z.input<typeof afterSaleDecisionBody>>('/decide');
export const useReceiveReturn = () => useAfterSaleWrite<never>('/receive');
export const useRefundAfterSale = () => useAfterSaleWrite<z.input<typeof afterSaleRefundBody>>('/refund');

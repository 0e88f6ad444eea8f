/**
 * The console's order calls: GET /api/admin/orders and /api/admin/orders/{id} (order:read), and the writes on
 * one order: confirming a transfer (finance:confirm), shipping (order:ship), cancelling (order:cancel),
 * refunding (order:refund) and checking an ephedrine order's signed receipt (receipt:check).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminOrderDetail, AdminOrderPage, confirmTransferBody, reasonBody, receiptCheckBody, shipBody } from '@core/schemas/admin-orders';
import { adminHttp } from '@/lib/admin/http';
import type { ListQuery } from '@/lib/admin/list';
import { invalidateAfterWrite, ORDERS_KEY } from './keys';

export { ORDERS_KEY };
/** The dashboard's queues link here with `status` (a number or `transfer`) and `receipt=waiting`. */
export const ORDER_FILTERS = ['status', 'receipt', 'keyword', 'pay_method', 'date_from', 'date_to', 'ephedrine', 'user_id'] as const;

export const getOrders = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<z.infer<typeof AdminOrderPage>>('/api/admin/orders', { page, ...filters }, { signal });

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', id],
    queryFn: ({ signal }) => adminHttp.get<AdminOrderDetail>(`/api/admin/orders/${id}`, undefined, { signal }),
  });

/** A write on one order: its answer is the order afresh, shown at once; the rest is read again. */
function useOrderWrite<B>(id: number, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => adminHttp.post<AdminOrderDetail>(`/api/admin/orders/${id}${path}`, body as never, { quiet: [Code.invalid] }),
    onSuccess: (detail) => {
      queryClient.setQueryData(orderQuery(id).queryKey, detail);
      return invalidateAfterWrite(queryClient);
    },
  });
}

export const useConfirmTransfer = (id: number) => useOrderWrite<z.input<typeof confirmTransferBody>>(id, '/confirm_transfer');
export const useShip = (id: number) => useOrderWrite<z.input<typeof shipBody>>(id, '/ship');
export const useCancelOrder = (id: number) => useOrderWrite<z.input<typeof reasonBody>>(id, '/cancel');
export const useRefundOrder = (id: number) => useOrderWrite<z.input<typeof reasonBody>>(id, '/refund');
export const useCheckReceipt = (id: number) => useOrderWrite<z.input<typeof receiptCheckBody>>(id, '/receipt');

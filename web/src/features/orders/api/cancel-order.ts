/** POST /api/order/{id}/cancel: an unpaid order is cancelled; stock, coupon and red packet go back. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@core/schemas/trade';
import { http } from '@/api/client';
import { ORDER_KEY } from './get-orders';

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => http.post<OrderDetail>(`/api/order/${id}/cancel`, { reason }),
    onSuccess: (order) => {
      client.setQueryData(['order', 'detail', order.id], order);
      return client.invalidateQueries({ queryKey: ORDER_KEY });
    },
  });
}

/** POST /api/order/{id}/receive: 确认收货 completes a shipped order and grants a point per yuan paid. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@core/schemas/trade';
import { http } from '@/api/client';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';
import { ORDER_KEY } from './get-orders';

export function useReceiveOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<OrderDetail>(`/api/order/${id}/receive`),
    onSuccess: (order) => {
      client.setQueryData(['order', 'detail', order.id], order);
      // The points shown in the header and the member panels grew.
      return Promise.all([client.invalidateQueries({ queryKey: ORDER_KEY }), client.invalidateQueries({ queryKey: USER_BASE_KEY })]);
    },
  });
}

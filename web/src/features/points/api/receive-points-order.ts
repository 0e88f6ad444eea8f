/** POST /api/points/order/{id}/receive: the buyer confirms a shipped points order arrived. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PointsOrderDetail } from '@core/schemas/points';
import { http } from '@/api/client';
import { POINTS_KEY } from './points-goods';

export function useReceivePointsOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<PointsOrderDetail>(`/api/points/order/${id}/receive`),
    onSuccess: (order) => {
      client.setQueryData([...POINTS_KEY, 'order', order.id], order);
      return client.invalidateQueries({ queryKey: [...POINTS_KEY, 'orders'] });
    },
  });
}

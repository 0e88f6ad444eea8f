/**
 * POST /api/order/{id}/receipt {image}: the signed and stamped receipt of an ephedrine order, an upload path from
 * POST /api/upload. The server refuses before the order is paid and shipped; the client shows its message.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@core/schemas/trade';
import { http } from '@/api/client';
import { ORDER_KEY } from './get-orders';

export function useUploadReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, image }: { id: number; image: string }) => http.post<OrderDetail>(`/api/order/${id}/receipt`, { image }),
    onSuccess: () => client.invalidateQueries({ queryKey: ORDER_KEY }),
  });
}

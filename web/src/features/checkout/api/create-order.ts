/** POST /api/order: places the order(s) of the checkout; the ordered lines leave the cart. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreatedOrders, createOrderBody } from '@core/schemas/trade';
import { http } from '@/api/client';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';

export type CreateOrderInput = z.input<typeof createOrderBody>;

export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrderInput) => http.post<CreatedOrders>('/api/order', input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['cart'] });
      void client.invalidateQueries({ queryKey: USER_BASE_KEY });
    },
  });
}

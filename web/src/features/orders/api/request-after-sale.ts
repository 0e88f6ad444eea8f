/**
 * POST /api/order/{id}/return and POST /api/order/{id}/after_sale: a return (退货) or an after-sales request
 * (售后) on lines of a shipped or completed order, with a reason and up to six uploaded pictures.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AfterSale, afterSaleBody, AfterSaleKind } from '@core/schemas/trade';
import { http } from '@/api/client';
import { ORDER_KEY } from './get-orders';

/** The request's body, with the order and the kind of request its path names. */
export type AfterSaleInput = z.input<typeof afterSaleBody> & { orderId: number; kind: AfterSaleKind };

export function useRequestAfterSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, kind, lines, reason, images }: AfterSaleInput) =>
      http.post<AfterSale>(`/api/order/${orderId}/${kind === 'return' ? 'return' : 'after_sale'}`, { lines, reason, images }),
    onSuccess: () => client.invalidateQueries({ queryKey: ORDER_KEY }),
  });
}

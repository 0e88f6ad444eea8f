/**
 * POST /api/pay/order: pays an order by balance or credit (with the payment password), or starts an online or
 * bank-transfer payment.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { PayMethod, PayResult } from '@core/schemas/trade';
import { http } from '@/api/client';

/** A wrong or locked payment password is told in the pay dialog itself, not as a toast or 温馨提示. */
const payOrder = (orderId: number, method: PayMethod, payPassword?: string) =>
  payPassword
    ? http.post<PayResult>('/api/pay/order', { order_id: orderId, method, pay_password: payPassword }, { silent: [Code.invalid, Code.tooMany] })
    : http.post<PayResult>('/api/pay/order', { order_id: orderId, method });

export function usePayOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, method, payPassword }: { orderId: number; method: PayMethod; payPassword?: string }) => payOrder(orderId, method, payPassword),
    onSuccess: (data, { orderId }) => {
      if (data.method === 'transfer') client.setQueryData(transferQuery(orderId).queryKey, data.bank);
      void client.invalidateQueries({ queryKey: ['order', 'detail', orderId] });
    },
  });
}

/**
 * The bank details of an order whose buyer already chose bank transfer. There is no read call for them, and
 * choosing transfer again changes nothing on the server, so the page asks the same way it chose.
 */
const transferQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['pay', 'transfer', orderId],
    queryFn: async () => {
      const data = await payOrder(orderId, 'transfer');
      if (data.method !== 'transfer') throw new Error('not a transfer');
      return data.bank;
    },
    staleTime: Infinity,
  });

export const useTransferDetails = (orderId: number, enabled: boolean) => useQuery({ ...transferQuery(orderId), enabled });

/** GET /api/pay/status/{id}: polled every 2 s while the buyer scans the online payment's QR code. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayState } from '@core/schemas/trade';
import { http } from '@/api/client';

const PAY_POLL_MS = 2000;

const payStatusQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['pay', 'status', orderId],
    // A missed poll is not worth an alert: the next one comes two seconds later.
    queryFn: ({ signal }) => http.get<PayState>(`/api/pay/status/${orderId}`, undefined, { signal, silent: true }),
    staleTime: 0,
  });

/** Polls until the order is paid. */
export const usePayStatus = (orderId: number, enabled: boolean) =>
  useQuery({
    ...payStatusQuery(orderId),
    enabled,
    refetchInterval: (query) => (query.state.data?.paid ? false : PAY_POLL_MS),
    refetchIntervalInBackground: true,
  });

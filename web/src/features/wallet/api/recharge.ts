/** GET /api/moneys/moneyConfig, POST /api/moneys/recharge and its status, polled while the buyer scans. */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { MoneyConfig, Recharge, RechargeStatus } from '@core/schemas/wallet';
import { http } from '@/api/client';

const moneyConfigQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'moneyConfig'],
    queryFn: ({ signal }) => http.get<MoneyConfig>('/api/moneys/moneyConfig', undefined, { signal }),
    staleTime: 5 * 60_000,
  });

export const useMoneyConfig = () => useQuery(moneyConfigQuery());

export const useCreateRecharge = () => useMutation({ mutationFn: (amount: number) => http.post<Recharge>('/api/moneys/recharge', { amount }) });

export const POLL_MS = 2000;

export const useRechargeStatus = (id: number | null) =>
  useQuery({
    queryKey: ['wallet', 'recharge', id],
    // A missed poll is not worth an alert: the next one comes two seconds later.
    queryFn: ({ signal }) => http.get<RechargeStatus>(`/api/moneys/recharge/${id}`, undefined, { signal, silent: true }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.paid ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });

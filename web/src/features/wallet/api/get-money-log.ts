/** GET /api/user/user_money_log: one instrument's ledger by use type and days, twenty a page. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletInstrument } from '@core/schemas/wallet';
import { http } from '@/api/client';
import type { LogPage } from './types';

export type LogParams = { instrument: WalletInstrument; use_type: 0 | 1 | 2; start_time?: string; end_time?: string; page: number };

export const moneyLogQuery = (p: LogParams) =>
  queryOptions({
    queryKey: ['wallet', 'log', p],
    queryFn: ({ signal }) =>
      http.get<LogPage>('/api/user/user_money_log', { instrument: p.instrument, use_type: p.use_type || undefined, start_time: p.start_time, end_time: p.end_time, page: p.page }, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useMoneyLog = (p: LogParams) => useQuery(moneyLogQuery(p));

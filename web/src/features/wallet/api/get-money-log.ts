/** GET /api/user/user_money_log: one instrument's ledger by use type and days, twenty a page. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MoneyLogPage, moneyLogQuery as moneyLogQuerySchema } from '@core/schemas/wallet';
import { http } from '@/api/client';

/** The ledger, use type, days and page, as the server reads them. */
export type LogParams = z.output<typeof moneyLogQuerySchema>;

const moneyLogQuery = (p: LogParams) =>
  queryOptions({
    queryKey: ['wallet', 'log', p],
    queryFn: ({ signal }) =>
      http.get<MoneyLogPage>(
        '/api/user/user_money_log',
        { instrument: p.instrument, use_type: p.use_type || undefined, start_time: p.start_time, end_time: p.end_time, page: p.page },
        { signal },
      ),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useMoneyLog = (p: LogParams) => useQuery(moneyLogQuery(p));

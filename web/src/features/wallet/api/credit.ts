/**
 * Credit (账期): GET /api/user/user_credit and /api/user/user_credit_list, and repaying bills through
 * POST /api/pay/user_credit_create, /api/pay/user_credit_pay and /api/pay/user_credit_check (polled while scanning).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { Credit, CreditBillPage, creditListQuery, creditPayBody, Repay, RepayPaid } from '@core/schemas/wallet';
import { http } from '@/api/client';
import { invalidateWallet } from './keys';
import { POLL_MS } from './recharge';

const creditQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'credit'],
    queryFn: ({ signal }) => http.get<Credit>('/api/user/user_credit', undefined, { signal }),
    staleTime: 0,
  });

export const useCredit = () => useQuery(creditQuery());

/** The bills' filter and page, as the server reads them. */
export type BillParams = z.output<typeof creditListQuery>;

const billsQuery = (p: BillParams) =>
  queryOptions({
    queryKey: ['wallet', 'bills', p],
    queryFn: ({ signal }) => http.get<CreditBillPage>('/api/user/user_credit_list', { type: p.type || undefined, page: p.page }, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useBills = (p: BillParams) => useQuery(billsQuery(p));

export const useCreateRepay = () => useMutation({ mutationFn: (ids: number[]) => http.post<Repay>('/api/pay/user_credit_create', { ids }) });

export function usePayRepay() {
  const client = useQueryClient();
  return useMutation({
    // A wrong or locked payment password is told in the dialog itself, not as a toast or 温馨提示.
    mutationFn: ({ id, method, payPassword }: { id: number; method: z.input<typeof creditPayBody>['method']; payPassword?: string }) =>
      payPassword
        ? http.post<RepayPaid>('/api/pay/user_credit_pay', { id, method, pay_password: payPassword }, { silent: [Code.invalid, Code.tooMany] })
        : http.post<RepayPaid>('/api/pay/user_credit_pay', { id, method }),
    onSuccess: (data) => {
      if (data.paid) void invalidateWallet(client);
    },
  });
}

export const useRepayStatus = (id: number | null) =>
  useQuery({
    queryKey: ['wallet', 'repay', id],
    queryFn: () => http.post<Repay>('/api/pay/user_credit_check', { id }, { silent: true }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.paid ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });

/** GET /api/cash_coupon/list and POST /api/cash_coupon/userRecharge: cash vouchers and redeeming a code. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/client';
import { invalidateWallet } from './keys';
import type { Redeemed, VoucherPage } from './types';

export type VoucherParams = { status?: 0 | 1 | 2; page: number };

export const vouchersQuery = (p: VoucherParams) =>
  queryOptions({
    queryKey: ['wallet', 'vouchers', p],
    queryFn: ({ signal }) => http.get<VoucherPage>('/api/cash_coupon/list', { status: p.status, page: p.page }, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useVouchers = (p: VoucherParams) => useQuery(vouchersQuery(p));

export function useRedeemVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => http.post<Redeemed>('/api/cash_coupon/userRecharge', { code }),
    onSuccess: () => invalidateWallet(client),
  });
}

/** GET /api/cash_coupon/list and POST /api/cash_coupon/userRecharge: cash vouchers and redeeming a code. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { voucherListQuery, VoucherPage, VoucherRedeemed } from '@core/schemas/wallet';
import { http } from '@/api/client';
import { invalidateWallet } from './keys';

/** The vouchers' status and page, as the server reads them. */
export type VoucherParams = z.output<typeof voucherListQuery>;

const vouchersQuery = (p: VoucherParams) =>
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
    mutationFn: (code: string) => http.post<VoucherRedeemed>('/api/cash_coupon/userRecharge', { code }),
    onSuccess: () => invalidateWallet(client),
  });
}

/** 领券中心: GET /api/coupon/center and POST /api/coupon/receive. A claim refreshes the centre and the wallet. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CouponCenterPage, CouponReceived } from '@core/schemas/wallet';
import { http } from '@/api/client';
import { invalidateWallet } from './keys';

const centreQuery = (page: number) =>
  queryOptions({
    queryKey: ['coupon-centre', page],
    queryFn: ({ signal }) => http.get<CouponCenterPage>('/api/coupon/center', { page }, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useCouponCentre = (page: number) => useQuery(centreQuery(page));

export function useReceiveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<CouponReceived>('/api/coupon/receive', { id }),
    onSuccess: async (done) => {
      // The claimed coupon's new state at once, then the counts of every page and the wallet.
      client.setQueriesData<CouponCenterPage>({ queryKey: ['coupon-centre'] }, (page) =>
        page ? { ...page, data: page.data.map((c) => (c.id === done.coupon.id ? done.coupon : c)) } : page,
      );
      await Promise.all([client.invalidateQueries({ queryKey: ['coupon-centre'] }), invalidateWallet(client)]);
    },
  });
}

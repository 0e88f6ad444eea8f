/** GET /api/user/coupon, by status and type. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { couponListQuery, CouponPage } from '@core/schemas/wallet';
import { http } from '@/api/client';

/** The coupons' status, type and page, as the server reads them. */
export type CouponParams = z.output<typeof couponListQuery>;

const couponsQuery = (p: CouponParams) =>
  queryOptions({
    queryKey: ['wallet', 'coupons', p],
    queryFn: ({ signal }) => http.get<CouponPage>('/api/user/coupon', { status: p.status, type: p.type || undefined, page: p.page }, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useCoupons = (p: CouponParams) => useQuery(couponsQuery(p));

/** GET /api/user/coupon (by status and type) and GET /api/user/couponNum. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CouponCounts, couponListQuery, CouponPage } from '@core/schemas/wallet';
import { http } from '@/api/client';

/** The coupons' status, type and page, as the server reads them. */
export type CouponParams = z.output<typeof couponListQuery>;

export const couponsQuery = (p: CouponParams) =>
  queryOptions({
    queryKey: ['wallet', 'coupons', p],
    queryFn: ({ signal }) => http.get<CouponPage>('/api/user/coupon', { status: p.status, type: p.type || undefined, page: p.page }, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useCoupons = (p: CouponParams) => useQuery(couponsQuery(p));

export const couponNumQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'couponNum'],
    queryFn: ({ signal }) => http.get<CouponCounts>('/api/user/couponNum', undefined, { signal }),
    staleTime: 0,
  });

export const useCouponNum = () => useQuery(couponNumQuery());

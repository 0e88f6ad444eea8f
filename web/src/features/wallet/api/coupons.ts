/** GET /api/user/coupon (by status and type) and GET /api/user/couponNum. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { CouponCounts, CouponPage } from './types';

export type CouponParams = { status: 0 | 1 | 2; type: 0 | 1 | 2; page: number };

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

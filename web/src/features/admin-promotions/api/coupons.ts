/**
 * 营销活动 › 优惠券 (promotion:write): GET /api/admin/coupons, creating and editing a template, and issuing
 * copies to chosen buyers (GET /api/admin/users finds them). A write refreshes the list and the audit log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminCoupon, AdminCouponClaimPage, AdminCouponPage, couponTemplateBody, CouponIssued } from '@core/schemas/admin-promotions';
import type { AdminUserPage } from '@core/schemas/admin-users';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import type { ListQuery } from '@/lib/admin/list';

export const COUPONS_KEY = [...ADMIN_KEY, 'coupons'] as const;
export const COUPON_FILTERS = ['keyword'] as const;

export const getCoupons = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<AdminCouponPage>('/api/admin/coupons', { page, ...filters }, { signal });

/** One template, for the title of its records. */
export const couponQuery = (id: number) => ({
  queryKey: [...COUPONS_KEY, 'one', id],
  queryFn: ({ signal }: { signal?: AbortSignal }) => adminHttp.get<AdminCoupon>(`/api/admin/coupons/${id}`, undefined, { signal }),
});

export const CLAIM_FILTERS = ['status', 'keyword'] as const;

/** The copies of a template handed out: `GET /api/admin/coupons/{id}/claims`. */
export const getClaims =
  (id: number) =>
  ({ page, filters }: ListQuery, signal?: AbortSignal) =>
    adminHttp.get<AdminCouponClaimPage>(`/api/admin/coupons/${id}/claims`, { page, ...filters }, { signal });

export type CouponForm = z.input<typeof couponTemplateBody>;

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: COUPONS_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]);
}

export function useSaveCoupon() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CouponForm }) =>
      adminHttp.post<AdminCoupon>(id ? `/api/admin/coupons/${id}` : '/api/admin/coupons', body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

export function useIssueCoupon() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, userIds }: { id: number; userIds: number[] }) => adminHttp.post<CouponIssued>(`/api/admin/coupons/${id}/issue`, { user_ids: userIds }),
    onSuccess: refresh,
  });
}

/** Approved buyers whose company, username or phone holds `keyword`, for the issue dialog. */
export const findBuyers = (keyword: string, signal?: AbortSignal) =>
  adminHttp.get<z.infer<typeof AdminUserPage>>('/api/admin/users', { keyword, is_passed: 1, page: 1 }, { signal });

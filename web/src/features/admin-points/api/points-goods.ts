/**
 * 营销活动 › 积分商城 (promotion:write): GET /api/admin/points/goods, creating and editing a goods, putting it on
 * or off the shelf, and the coupon templates a coupon goods may hand out (GET /api/admin/coupons). A write
 * refreshes the list and the audit log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminCouponPage } from '@core/schemas/admin-promotions';
import type { AdminPointsGoods, pointsGoodsBody } from '@core/schemas/points';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import type { ListPage, ListQuery } from '@/lib/admin/list';

export const POINTS_GOODS_KEY = [...ADMIN_KEY, 'points-goods'] as const;
export const POINTS_GOODS_FILTERS = ['keyword', 'kind', 'is_show'] as const;

export const getPointsGoods = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<ListPage<AdminPointsGoods>>('/api/admin/points/goods', { page, ...filters }, { signal });

export type PointsGoodsForm = z.input<typeof pointsGoodsBody>;

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: POINTS_GOODS_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]);
}

export function useSavePointsGoods() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PointsGoodsForm }) =>
      adminHttp.post<AdminPointsGoods>(id ? `/api/admin/points/goods/${id}` : '/api/admin/points/goods', body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

export function useShowPointsGoods() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, show }: { id: number; show: 0 | 1 }) => adminHttp.post<AdminPointsGoods>(`/api/admin/points/goods/${id}/show`, { is_show: show }),
    onSuccess: refresh,
  });
}

/** Coupon templates whose name holds `keyword`, for the goods form's coupon choice. */
export const findCoupons = (keyword: string, signal?: AbortSignal) => adminHttp.get<AdminCouponPage>('/api/admin/coupons', { keyword, page: 1 }, { signal });

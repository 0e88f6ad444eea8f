/**
 * 营销活动 › 促销活动 (promotion:write): GET /api/admin/activities, creating and editing an activity, switching it
 * on or off, and its goods (GET /api/admin/goods finds them). A write refreshes the lists and the audit log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { activityBody, activityGoodsBody, AdminActivity, AdminActivityGoodsPage, AdminActivityPage } from '@core/schemas/admin-promotions';
import type { AdminGoodsPage } from '@core/schemas/admin-goods';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import type { ListQuery } from '@/lib/admin/list';

export const ACTIVITIES_KEY = [...ADMIN_KEY, 'activities'] as const;
export const ACTIVITY_FILTERS = ['type', 'keyword'] as const;

export const getActivities = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<AdminActivityPage>('/api/admin/activities', { page, ...filters }, { signal });

export const getActivityGoods = (id: number, page: number, signal?: AbortSignal) =>
  adminHttp.get<AdminActivityGoodsPage>(`/api/admin/activities/${id}/goods`, { page }, { signal });

export type ActivityForm = z.input<typeof activityBody>;
export type ActivityGoodsForm = z.input<typeof activityGoodsBody>;

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ACTIVITIES_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]);
}

export function useSaveActivity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ActivityForm }) =>
      adminHttp.post<AdminActivity>(id ? `/api/admin/activities/${id}` : '/api/admin/activities', body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

export function useShowActivity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, show }: { id: number; show: boolean }) => adminHttp.post<AdminActivity>(`/api/admin/activities/${id}/show`, { is_show: show ? 1 : 0 }),
    onSuccess: refresh,
  });
}

export function useAddActivityGoods() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ActivityGoodsForm }) =>
      adminHttp.post<{ added: number }>(`/api/admin/activities/${id}/goods`, body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

export function useRemoveActivityGoods() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, goodsIds }: { id: number; goodsIds: number[] }) =>
      adminHttp.post<{ removed: number }>(`/api/admin/activities/${id}/goods/remove`, { goods_ids: goodsIds }),
    onSuccess: refresh,
  });
}

/** Goods whose name, maker or approval number holds `keyword`, for choosing an activity's goods. */
export const findGoods = (keyword: string, signal?: AbortSignal) =>
  adminHttp.get<z.infer<typeof AdminGoodsPage>>('/api/admin/goods', { keyword, page: 1 }, { signal });

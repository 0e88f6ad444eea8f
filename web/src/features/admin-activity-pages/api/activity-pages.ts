/**
 * 营销活动 › 活动页面 (promotion:write): GET /api/admin/activity-pages, and a page written whole with its blocks
 * (POST /api/admin/activity-pages, POST /api/admin/activity-pages/{id}). The pickers read the goods
 * (GET /api/admin/goods) and the coupons (GET /api/admin/coupons). A write refreshes the list and the audit log.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { activityPageBody, AdminBlockPage, AdminBlockPageList } from '@core/schemas/activity-pages';
import type { AdminGoodsPage } from '@core/schemas/admin-goods';
import type { AdminCouponPage } from '@core/schemas/admin-promotions';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import type { ListQuery } from '@/lib/admin/list';

export const PAGES_KEY = [...ADMIN_KEY, 'activity-pages'] as const;
export const PAGE_FILTERS = ['keyword'] as const;

export const getPages = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<AdminBlockPageList>('/api/admin/activity-pages', { page, ...filters }, { signal });

export type PageBody = z.input<typeof activityPageBody>;

export function useSavePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PageBody }) =>
      adminHttp.post<AdminBlockPage>(id ? `/api/admin/activity-pages/${id}` : '/api/admin/activity-pages', body, { quiet: [Code.invalid] }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: PAGES_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]),
  });
}

/** Goods whose name, maker or approval number holds `keyword`, for a goods grid's chosen goods. */
export const findGoods = (keyword: string, signal?: AbortSignal) =>
  adminHttp.get<z.infer<typeof AdminGoodsPage>>('/api/admin/goods', { keyword, page: 1 }, { signal });

/** The coupon templates a strip may show (the first page: the newest). */
export const useCouponOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'coupons', 'options'],
    queryFn: ({ signal }) => adminHttp.get<AdminCouponPage>('/api/admin/coupons', { page: 1 }, { signal }),
    enabled,
    staleTime: 60_000,
  });

/** The storefront address of a page with `preview=1`, which shows it to an operator before it goes live. */
export const previewUrl = (url: string) => `${url}${url.includes('?') ? '&' : '?'}preview=1`;

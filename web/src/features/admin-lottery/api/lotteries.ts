/**
 * 营销活动 › 抽奖活动 (promotion:write): GET /api/admin/lotteries, creating and editing an activity with its eight
 * prizes, switching it on or off, its draws, shipping a physical prize, and the coupon templates a prize may hand
 * out (GET /api/admin/coupons). A write refreshes the lists and the audit log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminCouponPage } from '@core/schemas/admin-promotions';
import type { AdminDraw, AdminDrawPage, AdminLottery, AdminLotteryPage, drawShipBody, lotteryBody } from '@core/schemas/lottery';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import type { ListQuery } from '@/lib/admin/list';

export const LOTTERIES_KEY = [...ADMIN_KEY, 'lotteries'] as const;
export const LOTTERY_FILTERS = ['keyword'] as const;

export const getLotteries = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<AdminLotteryPage>('/api/admin/lotteries', { page, ...filters }, { signal });

export type DrawFilters = { status?: string; kind?: string; keyword?: string };
export const getDraws = (id: number, page: number, filters: DrawFilters, signal?: AbortSignal) =>
  adminHttp.get<AdminDrawPage>(`/api/admin/lotteries/${id}/draws`, { page, ...filters }, { signal });

export type LotteryForm = z.input<typeof lotteryBody>;

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: LOTTERIES_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]);
}

export function useSaveLottery() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: LotteryForm }) =>
      adminHttp.post<AdminLottery>(id ? `/api/admin/lotteries/${id}` : '/api/admin/lotteries', body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

export function useShowLottery() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, show }: { id: number; show: boolean }) => adminHttp.post<AdminLottery>(`/api/admin/lotteries/${id}/show`, { is_show: show ? 1 : 0 }),
    onSuccess: refresh,
  });
}

export function useShipDraw() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof drawShipBody> }) =>
      adminHttp.post<AdminDraw>(`/api/admin/lottery-draws/${id}/ship`, body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

/** Coupon templates whose name holds `keyword`, for a coupon prize. */
export const findCoupons = (keyword: string, signal?: AbortSignal) => adminHttp.get<AdminCouponPage>('/api/admin/coupons', { keyword, page: 1 }, { signal });

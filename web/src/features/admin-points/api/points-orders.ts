/**
 * 营销活动 › 积分订单 (promotion:write): GET /api/admin/points/orders, shipping a physical order with its waybill and
 * cancelling one waiting to ship (its points and cash go back).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminPointsOrder, pointsCancelBody, pointsShipBody } from '@core/schemas/points';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import type { ListPage, ListQuery } from '@/lib/admin/list';

export const POINTS_ORDERS_KEY = [...ADMIN_KEY, 'points-orders'] as const;
export const POINTS_ORDER_FILTERS = ['keyword', 'status', 'kind', 'date_from', 'date_to'] as const;

export const getPointsOrders = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<ListPage<AdminPointsOrder>>('/api/admin/points/orders', { page, ...filters }, { signal });

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: POINTS_ORDERS_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]);
}

export function useShipPointsOrder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof pointsShipBody> }) =>
      adminHttp.post<AdminPointsOrder>(`/api/admin/points/orders/${id}/ship`, body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

export function useCancelPointsOrder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof pointsCancelBody> }) =>
      adminHttp.post<AdminPointsOrder>(`/api/admin/points/orders/${id}/cancel`, body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

/**
 * 客服与求购 › 品种求购 (service:reply): GET /api/admin/buy-requests, answering one (POST /api/admin/buy-requests/{id}/reply)
 * and finding the goods an answer of 已上架 names (GET /api/admin/goods, which service holds through goods:read).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminGoodsPage } from '@core/schemas/admin-goods';
import type { AdminBuyRequest, BuyReplyInput } from '@core/schemas/self-service';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import type { ListPage, ListQuery } from '@/lib/admin/list';

export const BUY_REQUESTS_KEY = [...ADMIN_KEY, 'buy-requests'] as const;
export const BUY_REQUEST_FILTERS = ['keyword', 'status'] as const;

export const getBuyRequests = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<ListPage<AdminBuyRequest>>('/api/admin/buy-requests', { page, ...filters }, { signal });

/** Goods whose name, maker or approval number holds `keyword`. */
export const findGoods = (keyword: string, signal?: AbortSignal) =>
  adminHttp.get<z.infer<typeof AdminGoodsPage>>('/api/admin/goods', { keyword, page: 1 }, { signal });

export function useReplyBuyRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BuyReplyInput }) =>
      adminHttp.post<AdminBuyRequest>(`/api/admin/buy-requests/${id}/reply`, body, { quiet: [Code.invalid] }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: BUY_REQUESTS_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]),
  });
}

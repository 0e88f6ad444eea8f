/**
 * 内容管理 › 热门搜索 (content:write): GET /api/admin/hot-searches, adding, changing and removing one. A write
 * refreshes the list and the audit log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminHotSearch, hotSearchBody } from '@core/schemas/admin-content';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import { onePage } from '@/lib/admin/list';

export const HOT_SEARCHES_KEY = [...ADMIN_KEY, 'content', 'hot-searches'] as const;

export const getHotSearches = async (_query: unknown, signal?: AbortSignal) =>
  onePage(await adminHttp.get<AdminHotSearch[]>('/api/admin/hot-searches', undefined, { signal }));

export type HotSearchForm = z.input<typeof hotSearchBody>;

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: HOT_SEARCHES_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]);
}

export function useSaveHotSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: HotSearchForm }) =>
      adminHttp.post<AdminHotSearch>(id ? `/api/admin/hot-searches/${id}` : '/api/admin/hot-searches', body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

export function useDeleteHotSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => adminHttp.delete<null>(`/api/admin/hot-searches/${id}`),
    onSuccess: refresh,
  });
}

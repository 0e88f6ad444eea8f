/**
 * 内容管理 › 导航菜单 (content:write): GET /api/admin/nav (the bar's entries with their children, hidden ones too),
 * adding, changing and removing an entry. A write refreshes the list and the audit log.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminNavEntry, AdminNavLink, navBody } from '@core/schemas/admin-content';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';

const NAV_KEY = [...ADMIN_KEY, 'content', 'nav'] as const;

export const navQuery = () =>
  queryOptions({
    queryKey: NAV_KEY,
    queryFn: ({ signal }) => adminHttp.get<AdminNavEntry[]>('/api/admin/nav', undefined, { signal }),
  });

export type NavForm = z.input<typeof navBody>;

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: NAV_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]);
}

export function useSaveNav() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body, quiet = true }: { id: number | null; body: NavForm; quiet?: boolean }) =>
      adminHttp.post<AdminNavLink>(id ? `/api/admin/nav/${id}` : '/api/admin/nav', body, { quiet: quiet ? [Code.invalid] : [] }),
    onSuccess: refresh,
  });
}

export function useDeleteNav() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => adminHttp.delete<null>(`/api/admin/nav/${id}`),
    onSuccess: refresh,
  });
}

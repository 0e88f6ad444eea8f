/**
 * 营销活动 › 组合购 (promotion:write): GET /api/admin/bundles, creating and editing a bundle, 上架 and 下架. The
 * 组合购 activities a bundle belongs to come from GET /api/admin/activities?type=combination. A write refreshes
 * the list and the audit log.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminActivityPage, AdminBundle, AdminBundlePage, bundleBody } from '@core/schemas/admin-promotions';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import type { ListQuery } from '@/lib/admin/list';

export const BUNDLES_KEY = [...ADMIN_KEY, 'bundles'] as const;
export const BUNDLE_FILTERS = ['keyword'] as const;

export const getBundles = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<AdminBundlePage>('/api/admin/bundles', { page, ...filters }, { signal });

export type BundleForm = z.input<typeof bundleBody>;

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: BUNDLES_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]);
}

export function useSaveBundle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BundleForm }) =>
      adminHttp.post<AdminBundle>(id ? `/api/admin/bundles/${id}` : '/api/admin/bundles', body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

export function useShowBundle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, show }: { id: number; show: boolean }) => adminHttp.post<AdminBundle>(`/api/admin/bundles/${id}/show`, { is_show: show ? 1 : 0 }),
    onSuccess: refresh,
  });
}

/** The 组合购 activities, latest first, for the bundle form's choice. */
export function useBundleActivities(enabled: boolean) {
  return useQuery({
    queryKey: [...BUNDLES_KEY, 'activities'],
    queryFn: ({ signal }) => adminHttp.get<AdminActivityPage>('/api/admin/activities', { type: 'combination', page: 1 }, { signal }),
    enabled,
  });
}

/**
 * 内容管理 › 广告与轮播 (content:write): GET /api/admin/ads?position (every banner and ad, hidden ones too, in one
 * answer), placing, changing and removing one. A write refreshes the list and the audit log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { adBody, AdminAd } from '@core/schemas/admin-content';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import { onePage, type ListQuery } from '@/lib/admin/list';

export const ADS_KEY = [...ADMIN_KEY, 'content', 'ads'] as const;
export const AD_FILTERS = ['position'] as const;

export const getAds = async ({ filters }: ListQuery, signal?: AbortSignal) =>
  onePage(await adminHttp.get<AdminAd[]>('/api/admin/ads', { position: filters.position }, { signal }));

export type AdForm = z.input<typeof adBody>;

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ADS_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]);
}

export function useSaveAd() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body, quiet = true }: { id: number | null; body: AdForm; quiet?: boolean }) =>
      adminHttp.post<AdminAd>(id ? `/api/admin/ads/${id}` : '/api/admin/ads', body, { quiet: quiet ? [Code.invalid] : [] }),
    onSuccess: refresh,
  });
}

export function useDeleteAd() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => adminHttp.delete<null>(`/api/admin/ads/${id}`),
    onSuccess: refresh,
  });
}

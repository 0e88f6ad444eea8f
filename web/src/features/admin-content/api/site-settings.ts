/**
 * 内容管理 › 站点设置 (content:write): GET /api/admin/site-settings as stored now, and saving them all at once.
 * A save refreshes them and the audit log.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminSiteSettings, siteSettingsBody } from '@core/schemas/admin-content';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';

const SITE_SETTINGS_KEY = [...ADMIN_KEY, 'content', 'site-settings'] as const;

export const siteSettingsQuery = () =>
  queryOptions({
    queryKey: SITE_SETTINGS_KEY,
    queryFn: ({ signal }) => adminHttp.get<AdminSiteSettings>('/api/admin/site-settings', undefined, { signal }),
  });

export type SiteSettingsForm = z.input<typeof siteSettingsBody>;

export function useSaveSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteSettingsForm) => adminHttp.post<AdminSiteSettings>('/api/admin/site-settings', body, { quiet: [Code.invalid] }),
    onSuccess: (saved) => {
      client.setQueryData(SITE_SETTINGS_KEY, saved);
      return client.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

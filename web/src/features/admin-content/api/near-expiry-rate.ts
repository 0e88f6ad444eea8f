/**
 * 站点设置 › 近效期专场: GET /api/admin/quality/near_expiry_rate (goods:read or content:write) and setting it
 * (goods:write, as a batch's 近效期价 is; docs/decisions/037-near-expiry-zone.md). A save refreshes the audit log.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { NearExpiryRate } from '@core/schemas/quality';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';

const URL = '/api/admin/quality/near_expiry_rate';
const NEAR_RATE_KEY = [...ADMIN_KEY, 'content', 'near-expiry-rate'] as const;

export const nearExpiryRateQuery = () =>
  queryOptions({
    queryKey: NEAR_RATE_KEY,
    queryFn: ({ signal }) => adminHttp.get<NearExpiryRate>(URL, undefined, { signal }),
  });

export function useSaveNearExpiryRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rate: number) => adminHttp.post<NearExpiryRate>(URL, { near_expiry_rate: rate }, { quiet: [Code.invalid] }),
    onSuccess: (saved) => {
      client.setQueryData(NEAR_RATE_KEY, saved);
      return client.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

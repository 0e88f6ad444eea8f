/** GET /api/focus/login: the banner beside the login card. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdEntry } from '@core/schemas/content';
import { http } from '@/api/client';

const loginBannerQuery = () =>
  queryOptions({
    queryKey: ['focus', 'login'],
    queryFn: ({ signal }) => http.get<AdEntry[]>('/api/focus/login', undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });

export const useLoginBanner = () => useQuery(loginBannerQuery());

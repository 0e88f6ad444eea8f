/** GET /api/focus/login: the banner beside the login card. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';

export type Banner = { image: string; url: string; title?: string };

export const loginBannerQuery = () =>
  queryOptions({
    queryKey: ['focus', 'login'],
    queryFn: ({ signal }) => http.get<Banner[]>('/api/focus/login', undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });

export const useLoginBanner = () => useQuery(loginBannerQuery());

/** GET /api/focus/login: the banner beside the login card. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdEntry } from '@core/schemas/content';
import { bootData } from '@/api/boot';
import { http } from '@/api/client';

const loginBannerQuery = () =>
  queryOptions({
    queryKey: ['focus', 'login'],
    queryFn: ({ signal }) => http.get<AdEntry[]>('/api/focus/login', undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
    // The login page's HTML carries them, and preloads the picture: the band paints with it at once.
    initialData: bootData('login'),
  });

export const useLoginBanner = () => useQuery(loginBannerQuery());

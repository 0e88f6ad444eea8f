/** GET /api/global/links: the friendly links at the foot of every page. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendlyLink } from '@core/schemas/content';
import { http } from '@/api/client';

const globalLinksQuery = () =>
  queryOptions({
    queryKey: ['global', 'links'],
    queryFn: ({ signal }) => http.get<FriendlyLink[]>('/api/global/links', undefined, { signal, silent: true }),
    staleTime: 30 * 60_000,
  });

export const useGlobalLinks = () => useQuery(globalLinksQuery());

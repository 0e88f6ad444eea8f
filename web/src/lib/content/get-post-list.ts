/** GET /api/focus/postList: the notices of the scrolling broadcast line under the nav. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notice } from '@core/schemas/content';
import { http } from '@/api/client';

const postListQuery = () =>
  queryOptions({
    queryKey: ['focus', 'postList'],
    queryFn: ({ signal }) => http.get<Notice[]>('/api/focus/postList', undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });

export const usePostList = () => useQuery(postListQuery());

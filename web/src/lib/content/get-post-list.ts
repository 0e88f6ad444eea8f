/** GET /api/focus/postList: the notices of the scrolling broadcast line under the nav. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { PostEntry } from '@/api/types/content';

export const postListQuery = () =>
  queryOptions({
    queryKey: ['focus', 'postList'],
    queryFn: ({ signal }) => http.get<PostEntry[]>('/api/focus/postList', undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });

export const usePostList = () => useQuery(postListQuery());

/** GET /api/post/postDetail: one help page or news article, with the ones before and after it. */
import { useQuery } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { PostDetail } from '@core/schemas/help';
import { http, isApiError } from '@/api/client';

/** A missing or hidden article answers 404 (and a malformed address 422), which the page shows itself. */
export const isMissing = (e: unknown) => isApiError(e) && (e.code === Code.notFound || e.code === Code.invalid);
const SHOWN_BY_PAGE = [Code.notFound, Code.invalid];

export const usePostDetail = (type: string, id: string, page?: number) =>
  useQuery({
    queryKey: ['help', 'post', type, id, page ?? 0],
    queryFn: ({ signal }) => http.get<PostDetail>('/api/post/postDetail', { type, id, page }, { signal, silent: SHOWN_BY_PAGE }),
    enabled: Boolean(type && id),
    retry: (count, e) => count < 2 && !isMissing(e),
  });

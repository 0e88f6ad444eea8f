/** GET /api/post/list: a page of a news list (行业新闻, 公司新闻, 平台公告), newest first. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { PostList } from '@core/schemas/help';
import { http } from '@/api/client';
import { isMissing } from './get-post-detail';

export const useArticleList = (type: string, page: number) =>
  useQuery({
    queryKey: ['help', 'list', type, page],
    queryFn: ({ signal }) => http.get<PostList>('/api/post/list', { type, page }, { signal, silent: [Code.notFound, Code.invalid] }),
    placeholderData: keepPreviousData,
    retry: (count, e) => count < 2 && !isMissing(e),
  });

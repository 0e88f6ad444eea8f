/**
 * 内容管理 › 文章管理 (content:write): the article categories (GET /api/admin/article-categories), a page of
 * articles, one article with its body for the editor, writing one, showing or hiding it and deleting it. A write
 * refreshes the list, the categories' counts and the audit log.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminArticle, AdminArticleCategory, AdminArticleDetail, articleBody } from '@core/schemas/admin-content';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import type { ListPage, ListQuery } from '@/lib/admin/list';

export const ARTICLES_KEY = [...ADMIN_KEY, 'content', 'articles'] as const;
const CATEGORIES_KEY = [...ADMIN_KEY, 'content', 'article-categories'] as const;
export const ARTICLE_FILTERS = ['category_id', 'keyword', 'is_show'] as const;

export const articleCategoriesQuery = () =>
  queryOptions({
    queryKey: CATEGORIES_KEY,
    queryFn: ({ signal }) => adminHttp.get<AdminArticleCategory[]>('/api/admin/article-categories', undefined, { signal }),
    staleTime: 30_000,
  });

export const getArticles = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<ListPage<AdminArticle>>('/api/admin/articles', { page, ...filters }, { signal });

export const articleQuery = (id: number) =>
  queryOptions({
    queryKey: [...ARTICLES_KEY, 'detail', id],
    queryFn: ({ signal }) => adminHttp.get<AdminArticleDetail>(`/api/admin/articles/${id}`, undefined, { signal }),
  });

export type ArticleForm = z.input<typeof articleBody>;

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ARTICLES_KEY }),
      client.invalidateQueries({ queryKey: CATEGORIES_KEY }),
      client.invalidateQueries({ queryKey: AUDIT_KEY }),
    ]);
}

export function useSaveArticle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ArticleForm }) =>
      adminHttp.post<AdminArticleDetail>(id ? `/api/admin/articles/${id}` : '/api/admin/articles', body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

export function useShowArticle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, show }: { id: number; show: 0 | 1 }) => adminHttp.post<AdminArticle>(`/api/admin/articles/${id}/show`, { is_show: show }),
    onSuccess: refresh,
  });
}

export function useDeleteArticle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => adminHttp.delete<null>(`/api/admin/articles/${id}`),
    onSuccess: refresh,
  });
}

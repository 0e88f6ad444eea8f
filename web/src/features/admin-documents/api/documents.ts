/**
 * 质量管理 › 首营资料 (document:write): the site's documents, the goods with documents and one goods' documents,
 * setting and removing each, uploading a file, and where a file or an order's pack is read with the console's cookie.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type {
  AdminGoodsDocumentPage,
  AdminGoodsDocuments,
  DocumentFileInfo,
  GoodsDocumentKind,
  goodsDocumentBody,
  SiteDocument,
  SiteDocumentKind,
  siteDocumentBody,
} from '@core/schemas/documents';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY, DASHBOARD_KEY } from '@/lib/admin/keys';
import type { ListQuery } from '@/lib/admin/list';

export type DocumentFile = z.infer<typeof DocumentFileInfo>;

export const DOCUMENTS_KEY = [...ADMIN_KEY, 'documents'] as const;
export const GOODS_DOCUMENT_FILTERS = ['keyword'] as const;

export const useSiteDocuments = () =>
  useQuery({
    queryKey: [...DOCUMENTS_KEY, 'site'],
    queryFn: ({ signal }) => adminHttp.get<SiteDocument[]>('/api/admin/documents/site', undefined, { signal }),
  });

export const getGoodsDocumentPage = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<AdminGoodsDocumentPage>('/api/admin/documents/goods', { page, ...filters }, { signal });

export const useGoodsDocuments = (goodsId: number | null) =>
  useQuery({
    queryKey: [...DOCUMENTS_KEY, 'goods', goodsId],
    queryFn: ({ signal }) => adminHttp.get<AdminGoodsDocuments>(`/api/admin/documents/goods/${goodsId}`, undefined, { signal }),
    enabled: goodsId !== null,
  });

/** Where the console reads a document's file. */
export const fileUrl = (url: string) => `/api/admin/documents/file?url=${encodeURIComponent(url)}`;

export function uploadDocumentFile(file: File): Promise<DocumentFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return adminHttp.post<DocumentFile>('/api/admin/documents/upload', form);
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
      client.invalidateQueries({ queryKey: AUDIT_KEY }),
      client.invalidateQueries({ queryKey: DASHBOARD_KEY }),
    ]);
}

export function useSaveSiteDocument() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof siteDocumentBody>) => adminHttp.post<SiteDocument>('/api/admin/documents/site', body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

export function useRemoveSiteDocument() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (kind: SiteDocumentKind) => adminHttp.delete<SiteDocument>(`/api/admin/documents/site/${kind}`),
    onSuccess: refresh,
  });
}

export function useSaveGoodsDocument(goodsId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof goodsDocumentBody>) =>
      adminHttp.post<AdminGoodsDocuments>(`/api/admin/documents/goods/${goodsId}`, body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

export function useRemoveGoodsDocument(goodsId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (kind: GoodsDocumentKind) => adminHttp.delete<AdminGoodsDocuments>(`/api/admin/documents/goods/${goodsId}/${kind}`),
    onSuccess: refresh,
  });
}

/**
 * 质量管理 › 批次管理 and 近效期报表: the batch list, 入库 (batch:receive) with its report, qa's verdicts, locks
 * and recall lists (batch:quality), the near-expiry report, and the Excel files and stamped reports read with the
 * console's cookie.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { DocumentFileInfo } from '@core/schemas/documents';
import type { AdminBatch, AdminBatchPage, BatchRecall, LockResult, NearExpiryReport, receiveBody } from '@core/schemas/quality';
import { ApiError } from '@/api/client';
import { withQuery } from '@/api/encode';
import { saveFile } from '@/lib/admin/csv';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import type { ListQuery } from '@/lib/admin/list';

export const BATCHES_KEY = [...ADMIN_KEY, 'batches'] as const;
export const BATCH_FILTERS = ['keyword', 'status', 'goods_id', 'near_report'] as const;

export const getBatchPage = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<z.infer<typeof AdminBatchPage>>('/api/admin/quality/batches', { page, ...filters }, { signal });

export const useNearExpiry = (days: number, page: number) =>
  useQuery({
    queryKey: [...BATCHES_KEY, 'near', days, page],
    queryFn: ({ signal }) => adminHttp.get<NearExpiryReport>('/api/admin/quality/near_expiry', { days, page }, { signal }),
  });

export const useRecall = (id: number | null) =>
  useQuery({
    queryKey: [...BATCHES_KEY, 'recall', id],
    queryFn: ({ signal }) => adminHttp.get<BatchRecall>(`/api/admin/quality/batches/${id}/recall`, undefined, { signal }),
    enabled: id !== null,
  });

type GoodsHit = { id: number; name: string; ypgg: string; sccj: string; bzdw: string };
export const findGoods = async (keyword: string, signal: AbortSignal) =>
  (await adminHttp.get<{ data: GoodsHit[] }>('/api/admin/goods', { keyword, page: 1 }, { signal })).data;

export function uploadReport(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return adminHttp.post<z.infer<typeof DocumentFileInfo>>('/api/admin/quality/upload', form);
}

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: BATCHES_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]);
}

const quiet = { quiet: [Code.invalid] };

export function useReceive() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof receiveBody>) => adminHttp.post<AdminBatch>('/api/admin/quality/batches', body, quiet),
    onSuccess: refresh,
  });
}

export function useAttachReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, report }: { id: number; report: string }) => adminHttp.post<AdminBatch>(`/api/admin/quality/batches/${id}/report`, { report }, quiet),
    onSuccess: refresh,
  });
}

export function useRelease() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; decision: 'release' | 'reject'; reason: string }) =>
      adminHttp.post<AdminBatch>(`/api/admin/quality/batches/${id}/release`, body, quiet),
    onSuccess: refresh,
  });
}

export function useLock() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      adminHttp.post<z.infer<typeof LockResult>>(`/api/admin/quality/batches/${id}/lock`, { reason }, quiet),
    onSuccess: refresh,
  });
}

export function useUnlock() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => adminHttp.post<AdminBatch>(`/api/admin/quality/batches/${id}/unlock`), onSuccess: refresh });
}

export function useInspectReturns() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'release' | 'reject' }) =>
      adminHttp.post<AdminBatch>(`/api/admin/quality/batches/${id}/returns`, { decision }),
    onSuccess: refresh,
  });
}

/** Where the console opens a batch's stamped report. */
export const reportUrl = (id: number) => `/api/admin/quality/batches/${id}/report`;

/** Downloads an Excel file of the console; a failure is thrown as the API's error. */
export async function downloadExcel(url: string, params: Record<string, string | number>, name: string): Promise<void> {
  const res = await fetch(withQuery(url, params), { credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  if (!res.ok || !res.headers.get('content-type')?.includes('spreadsheet')) {
    const answer = (await res.json().catch(() => null)) as { code?: number; message?: string; data?: unknown } | null;
    throw new ApiError(answer?.code ?? res.status, answer?.message ?? '', res.status, answer?.data ?? null);
  }
  saveFile(await res.blob(), name);
}

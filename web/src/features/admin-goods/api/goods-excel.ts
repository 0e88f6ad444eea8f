/**
 * The goods list in Excel: GET /api/admin/goods/export (goods:read) downloads the list as filtered; POST
 * /api/admin/goods/import (goods:write) checks a file (`dry_run=1`, nothing written) or writes all its rows,
 * or none when any row is wrong (422 with the same rows).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { ImportProblem, ImportReport } from '@core/schemas/admin-goods';
import { ApiError, isApiError } from '@/api/client';
import { withQuery } from '@/api/encode';
import { saveFile } from '@/lib/admin/csv';
import { chinaNow } from '@/lib/china-time';
import { adminHttp } from '@/lib/admin/http';
import { AUDIT_KEY } from '@/lib/admin/keys';
import { GOODS_KEY } from './get-goods';

/** Reading a large file takes the server a while. */
const IMPORT_TIMEOUT_MS = 120_000;

/** Downloads the goods of these filters as `商品-YYYYMMDD-HHmmss.xlsx`; a failure is thrown as the API's error. */
export async function downloadGoodsExcel(filters: Record<string, string>): Promise<void> {
  const res = await fetch(withQuery('/api/admin/goods/export', filters), { credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  if (!res.ok || !res.headers.get('content-type')?.includes('spreadsheet')) {
    const answer = (await res.json().catch(() => null)) as { code?: number; message?: string; data?: unknown } | null;
    throw new ApiError(answer?.code ?? res.status, answer?.message ?? '', res.status, answer?.data ?? null);
  }
  saveFile(await res.blob(), `商品-${chinaNow('YYYYMMDD-HHmmss')}.xlsx`);
}

const importGoods = ({ file, dryRun }: { file: File; dryRun: boolean }) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return adminHttp.post<ImportReport>(`/api/admin/goods/import${dryRun ? '?dry_run=1' : ''}`, form, { quiet: [Code.invalid], timeout: IMPORT_TIMEOUT_MS });
};

export function useImportGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importGoods,
    onSuccess: (report) =>
      report.dry_run
        ? undefined
        : Promise.all([queryClient.invalidateQueries({ queryKey: GOODS_KEY }), queryClient.invalidateQueries({ queryKey: AUDIT_KEY })]),
  });
}

/** The wrong rows of a refused import (422: `data.rows`), or null for any other failure. */
export function refusedRows(error: unknown): ImportProblem[] | null {
  if (!isApiError(error) || error.code !== Code.invalid) return null;
  const rows = (error.data as { rows?: ImportProblem[] } | null)?.rows;
  return Array.isArray(rows) ? rows : null;
}

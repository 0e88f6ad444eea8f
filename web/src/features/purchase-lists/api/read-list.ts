/**
 * POST /api/purchase_list/read: a purchase list pasted from a spreadsheet (JSON `{text}`) or uploaded as one
 * .xlsx, .xls or .csv file (multipart `file`): its headers, rows and the field each column is taken for.
 * A file that cannot be read answers 422 with what was wrong, which the page shows under the upload.
 */
import { useMutation } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { PurchaseListSheet } from '@core/schemas/purchase-lists';
import { http } from '@/api/client';
import { postJson } from './json';

export type ListSource = { file: File } | { text: string };

/** A 5 MB workbook takes the server a few seconds to open. */
const READ_TIMEOUT_MS = 60_000;

function readList(source: ListSource): Promise<PurchaseListSheet> {
  if ('text' in source) return postJson<PurchaseListSheet>('/api/purchase_list/read', { text: source.text }, { timeout: READ_TIMEOUT_MS });
  const form = new FormData();
  form.append('file', source.file, source.file.name);
  return http.post<PurchaseListSheet>('/api/purchase_list/read', form, {
    silent: [Code.invalid, Code.refused],
    cancellable: false,
    timeout: READ_TIMEOUT_MS,
  });
}

export const useReadList = () => useMutation({ mutationFn: readList });

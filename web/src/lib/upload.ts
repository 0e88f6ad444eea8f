/** POST /api/upload: one image or PDF (multipart field `file`): licences, receipts, after-sales pictures. */
import type { Uploaded } from '@core/schemas/user';
import { http } from '@/api/client';

export function uploadFile(file: Blob, name?: string): Promise<Uploaded> {
  const form = new FormData();
  if (name) form.append('file', file, name);
  else form.append('file', file);
  return http.post<Uploaded>('/api/upload', form, { cancellable: false });
}

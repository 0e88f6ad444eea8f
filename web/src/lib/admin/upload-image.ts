/** POST /api/admin/images (goods:write, category:write, promotion:write or content:write): a JPG, PNG, GIF or WEBP picture up to 2 MB. */
import type { Uploaded } from '@core/schemas/user';
import { adminHttp } from '@/lib/admin/http';

export function uploadImage(file: File): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', file, file.name);
  return adminHttp.post<Uploaded>('/api/admin/images', form);
}

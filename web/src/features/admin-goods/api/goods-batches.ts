/**
 * GET /api/admin/goods/{id}/batches (goods:read): the goods' batches, first expiring first, with what each holds and
 * where it sells: the stock form's 批次. Kept under the goods' key, so a stock change reads them afresh.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AdminBatch } from '@core/schemas/quality';
import { adminHttp } from '@/lib/admin/http';
import { GOODS_KEY } from './get-goods';

export const goodsBatchesQuery = (id: number) =>
  queryOptions({
    queryKey: [...GOODS_KEY, 'batches', id],
    queryFn: ({ signal }) => adminHttp.get<AdminBatch[]>(`/api/admin/goods/${id}/batches`, undefined, { signal }),
  });

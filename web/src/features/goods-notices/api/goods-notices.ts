/**
 * /zzfw/dhtz: GET /api/goods_notice?kind&page (the buyer's 到货通知 or 降价提醒, with the count of each waiting) and
 * POST /api/goods_notice/{id}/cancel. The product page's buttons (catalogue feature) share the key's first part,
 * so that a change on either side refreshes both.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoodsNotice, GoodsNoticeKind, GoodsNoticePage } from '@core/schemas/goods-notices';
import { http } from '@/api/client';

const NOTICES_KEY = ['goods-notices'] as const;

export const useGoodsNotices = (kind: GoodsNoticeKind, page: number) =>
  useQuery({
    queryKey: [...NOTICES_KEY, 'list', kind, page],
    queryFn: ({ signal }) => http.get<GoodsNoticePage>('/api/goods_notice', { kind, page }, { signal }),
    placeholderData: keepPreviousData,
  });

export function useCancelGoodsNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<GoodsNotice>(`/api/goods_notice/${id}/cancel`, {}, { cancellable: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}

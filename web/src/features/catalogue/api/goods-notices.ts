/**
 * 到货通知 and 降价提醒 from the product page and the lists: GET /api/goods_notice/goods/{id} (the buyer's waiting
 * ones of a goods), POST /api/goods_notice (subscribe; posted again, the same one) and
 * POST /api/goods_notice/{id}/cancel. Each change refreshes the goods' state and the member page's lists.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { GoodsNotice, GoodsNoticeInput, GoodsNoticeSaved, GoodsNoticeState } from '@core/schemas/goods-notices';
import { http } from '@/api/client';

/** The key every goods-notices query starts with (the member page's lists too). */
const NOTICES_KEY = ['goods-notices'] as const;

export const useGoodsNoticeState = (goodsId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...NOTICES_KEY, 'goods', goodsId],
    queryFn: ({ signal }) => http.get<GoodsNoticeState>(`/api/goods_notice/goods/${goodsId}`, undefined, { signal, silent: true }),
    enabled,
  });

export function useSubscribeNotice() {
  const client = useQueryClient();
  return useMutation({
    // A wrong target price is shown under its field by the modal.
    mutationFn: (body: GoodsNoticeInput) => http.post<GoodsNoticeSaved>('/api/goods_notice', body, { silent: [Code.invalid], cancellable: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}

export function useCancelNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<GoodsNotice>(`/api/goods_notice/${id}/cancel`, {}, { cancellable: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}

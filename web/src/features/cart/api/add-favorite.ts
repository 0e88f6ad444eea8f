/** POST /api/favorite: keeps a cart line's goods in 我的收藏. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoodsIds } from '@core/schemas/goods';
import { http } from '@/api/client';

export function useAddFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (goodsId: number) => http.post<GoodsIds>('/api/favorite', { goods_ids: [goodsId] }),
    onSuccess: (_data, goodsId) => {
      void client.invalidateQueries({ queryKey: ['favorite'] });
      void client.invalidateQueries({ queryKey: ['goods', 'detail', goodsId] });
    },
  });
}

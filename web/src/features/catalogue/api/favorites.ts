/** Favourites: the list of /star and the toggle with the toasts of spec section 8. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavoritePage, GoodsIds } from '@core/schemas/goods';
import { http } from '@/api/client';

export const useFavorites = (page: number, enabled = true) =>
  useQuery({
    queryKey: ['favorite', page],
    queryFn: ({ signal }) => http.get<FavoritePage>('/api/favorite', { page }, { signal }),
    enabled,
  });

export function useFavoriteToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) => http.post<GoodsIds>(on ? '/api/favorite' : '/api/favorite/cancel', { goods_ids: [id] }),
    onSuccess: (_data, { id }) => {
      void client.invalidateQueries({ queryKey: ['favorite'] });
      void client.invalidateQueries({ queryKey: ['goods', 'detail', id] });
    },
  });
}

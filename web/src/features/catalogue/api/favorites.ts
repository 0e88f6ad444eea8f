/** Favourites: the list of /star and the toggle with the toasts of spec section 8. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Goods } from '@core/schemas/goods';
import type { Paged } from './types';

export const useFavorites = (page: number, enabled = true) =>
  useQuery({
    queryKey: ['favorite', page],
    queryFn: ({ signal }) => http.get<Paged<Goods & { favorite_at: number }>>('/api/favorite', { page }, { signal }),
    enabled,
  });

export function useFavoriteToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) =>
      http.post<{ goods_ids: number[] }>(on ? '/api/favorite' : '/api/favorite/cancel', { goods_ids: [id] }),
    onSuccess: (_data, { id }) => {
      void client.invalidateQueries({ queryKey: ['favorite'] });
      void client.invalidateQueries({ queryKey: ['goods', 'detail', id] });
    },
  });
}

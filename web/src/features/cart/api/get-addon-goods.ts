/**
 * GET /api/goods/detail/{id} of each add-on (换购) offer: the cart list names an offer's goods by id only.
 * Shares the catalogue's detail cache entries.
 */
import { useQueries } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { GoodsDetail } from '@core/schemas/goods';
import { http } from '@/api/client';

export function useAddonGoods(ids: number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['goods', 'detail', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => http.get<GoodsDetail>(`/api/goods/detail/${id}`, undefined, { signal, silent: [Code.notFound] }),
      staleTime: 5 * 60_000,
    })),
    combine: (results) => new Map(results.flatMap((r, i) => (r.data ? [[ids[i], r.data] as const] : []))),
  });
}

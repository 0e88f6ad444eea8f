/** GET /api/goods/offer/{id}: the flash sale or daily special a product page shows, on the server's clock. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GoodsOffer } from '@core/schemas/promotions';
import { http } from '@/api/client';
import { syncServerTime } from '@/lib/server-clock';

const goodsOfferQuery = (id: number) =>
  queryOptions({
    queryKey: ['promotion', 'offer', id],
    queryFn: async ({ signal }) => {
      const data = await http.get<GoodsOffer>(`/api/goods/offer/${id}`, undefined, { signal, silent: true });
      syncServerTime(data.timestamp);
      return data;
    },
    staleTime: 30_000,
  });

export const useGoodsOffer = (id: number) => useQuery({ ...goodsOfferQuery(id), enabled: Number.isInteger(id) && id > 0 });

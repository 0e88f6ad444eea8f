/**
 * What the buyer is looking at when the chat opens, to offer it as a card: the goods of a detail page
 * (GET /api/goods/detail/{id}) or the order of an order page (GET /api/order/{id}). The same cache entries as those
 * pages, so nothing is fetched twice.
 */
import { useQuery } from '@tanstack/react-query';
import type { GoodsDetail } from '@core/schemas/goods';
import type { OrderDetail } from '@core/schemas/trade';
import { http } from '@/api/client';

export const useContextGoods = (id: number) =>
  useQuery({
    queryKey: ['goods', 'detail', id],
    queryFn: ({ signal }) => http.get<GoodsDetail>(`/api/goods/detail/${id}`, undefined, { signal, silent: true }),
    enabled: id > 0,
  });

export const useContextOrder = (id: number) =>
  useQuery({
    queryKey: ['order', 'detail', id],
    queryFn: ({ signal }) => http.get<OrderDetail>(`/api/order/${id}`, undefined, { signal, silent: true }),
    enabled: id > 0,
  });

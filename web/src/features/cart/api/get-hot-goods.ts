/** GET /api/goods/hot: the best sellers the empty cart offers to add straight away. */
import { useQuery } from '@tanstack/react-query';
import type { Goods } from '@core/schemas/goods';
import { http } from '@/api/client';

export const useHotGoods = () =>
  useQuery({ queryKey: ['goods', 'hot'], queryFn: ({ signal }) => http.get<Goods[]>('/api/goods/hot', undefined, { signal }), staleTime: 60_000 });

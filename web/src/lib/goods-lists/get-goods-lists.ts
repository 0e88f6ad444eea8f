/** GET /api/goods_list: the buyer's named lists (我的清单), the latest changed first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GoodsLists } from '@core/schemas/goods-lists';
import { http } from '@/api/client';

/** The key every list call shares: a write invalidates it, the lists and each list's detail with it. */
export const GOODS_LISTS_KEY = ['goods_list'] as const;

const goodsListsQuery = () =>
  queryOptions({ queryKey: GOODS_LISTS_KEY, queryFn: ({ signal }) => http.get<GoodsLists>('/api/goods_list', undefined, { signal }), staleTime: 0 });

export const useGoodsLists = (enabled = true) => useQuery({ ...goodsListsQuery(), enabled });

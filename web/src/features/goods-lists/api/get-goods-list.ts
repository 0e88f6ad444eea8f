/** GET /api/goods_list/{id}: one list with each line's goods as they are today. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GoodsListDetail } from '@core/schemas/goods-lists';
import { http } from '@/api/client';
import { GOODS_LISTS_KEY } from '@/lib/goods-lists/get-goods-lists';

const goodsListQuery = (id: number) =>
  queryOptions({
    queryKey: [...GOODS_LISTS_KEY, id],
    queryFn: ({ signal }) => http.get<GoodsListDetail>(`/api/goods_list/${id}`, undefined, { signal }),
    staleTime: 0,
  });

export const useGoodsList = (id: number | null) => useQuery({ ...goodsListQuery(id ?? 0), enabled: id !== null });

/** The .xlsx of a list, as a link to download. */
export const goodsListExportUrl = (id: number) => `/api/goods_list/${id}/export`;

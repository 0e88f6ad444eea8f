/** The catalogue calls: search suggestions, lists, detail and filter options. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FilterOptions, FilterScope, Goods, GoodsDetail, GoodsListQuery, GoodsPage } from '@core/schemas/goods';
import { http } from '@/api/client';

export const searchGoods = (keywords: string, type: 1 | 2, signal?: AbortSignal) =>
  http.get<Goods[]>('/api/goods/search', { keywords, type }, { signal, silent: true });

/** Query parameters of /api/goods/list as the list pages build them from the URL. */
export type ListParams = { [K in keyof GoodsListQuery]?: string | number };

const goodsListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ['goods', 'list', params],
    queryFn: ({ signal }) => http.get<GoodsPage>('/api/goods/list', params, { signal }),
    placeholderData: keepPreviousData,
  });

/** `enabled` false: the list cannot be asked for (a keyword the server refuses). */
export const useGoodsList = (params: ListParams, enabled = true) => useQuery({ ...goodsListQuery(params), enabled });

const goodsDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['goods', 'detail', id],
    queryFn: ({ signal }) => http.get<GoodsDetail>(`/api/goods/detail/${id}`, undefined, { signal, silent: [404] }),
  });

export const useGoodsDetail = (id: number) => useQuery({ ...goodsDetailQuery(id), enabled: Number.isInteger(id) && id > 0 });

/** The filter options of the goods a list can show: its fixed zone, brand or category, and the keyword (as the URL holds them). */
export type FilterScopeParams = { [K in keyof FilterScope]?: string };

export const useFilterOptions = (scope: FilterScopeParams = {}, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['goods', 'fl', scope],
    queryFn: ({ signal }) => http.get<FilterOptions>('/api/goods/fl', scope, { signal }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

/** GET /api/user/fast_buy?page&order&keywords: goods bought before, twenty a page. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { FastBuyOrder, FastBuyPage } from './types';

export type FastBuyParams = { page: number; order: FastBuyOrder; keywords: string };

export const fastBuyQuery = (params: FastBuyParams) =>
  queryOptions({
    queryKey: ['user', 'fast_buy', params],
    queryFn: ({ signal }) => http.get<FastBuyPage>('/api/user/fast_buy', { ...params, keywords: params.keywords || undefined }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useFastBuy = (params: FastBuyParams) => useQuery(fastBuyQuery(params));

/** GET /api/user/fast_buy?page&order&keywords: goods bought before, twenty a page. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FastBuyPage, fastBuyQuery as fastBuyQuerySchema } from '@core/schemas/member';
import { http } from '@/api/client';

/** The list's page, order and keywords, as the server reads them. */
export type FastBuyParams = z.output<typeof fastBuyQuerySchema>;

const fastBuyQuery = (params: FastBuyParams) =>
  queryOptions({
    queryKey: ['user', 'fast_buy', params],
    queryFn: ({ signal }) => http.get<FastBuyPage>('/api/user/fast_buy', { ...params, keywords: params.keywords || undefined }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useFastBuy = (params: FastBuyParams) => useQuery(fastBuyQuery(params));

/** GET /api/user/fast_buy?page&order&keywords: 常购清单, the goods of 180 days, twenty a page; and its Excel export. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FastBuyPage, fastBuyQuery as fastBuyQuerySchema } from '@core/schemas/goods-lists';
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

/** The .xlsx of the whole list in the page's order and search, as a link to download. */
export function fastBuyExportUrl(params: Pick<FastBuyParams, 'order' | 'keywords'>) {
  const q = new URLSearchParams({ order: params.order });
  if (params.keywords) q.set('keywords', params.keywords);
  return `/api/user/fast_buy/export?${q.toString()}`;
}

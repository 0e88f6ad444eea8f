/** GET /api/order/hmdd: the account's orders with goods containing ephedrine, with their signed receipts. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EphedrineOrderPage } from '@core/schemas/trade';
import { http } from '@/api/client';

const ephedrineOrdersQuery = (page: number) =>
  queryOptions({
    queryKey: ['order', 'hmdd', page],
    queryFn: ({ signal }) => http.get<EphedrineOrderPage>('/api/order/hmdd', { page }, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useEphedrineOrders = (page: number, enabled = true) => useQuery({ ...ephedrineOrdersQuery(page), enabled });

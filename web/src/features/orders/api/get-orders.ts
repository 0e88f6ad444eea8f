/** GET /api/order: a page (10) of the account's orders by status and keywords, with the count of each status. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderPage } from '@core/schemas/trade';
import { http } from '@/api/client';
import type { ListParams } from '../lib/orders';

/** Every order query starts with this key (the checkout's pay pages share `['order', 'detail', id]`). */
export const ORDER_KEY = ['order'] as const;

const ordersQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ['order', 'list', params],
    queryFn: ({ signal }) =>
      http.get<OrderPage>('/api/order', { status: params.status, keywords: params.keywords || undefined, page: params.page }, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useOrders = (params: ListParams, enabled = true) => useQuery({ ...ordersQuery(params), enabled });

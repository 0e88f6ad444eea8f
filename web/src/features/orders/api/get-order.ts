/** GET /api/order/{id}: one order of the account with its lines, amounts, timeline and requests; another's is 404. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { OrderDetail } from '@core/schemas/trade';
import { http } from '@/api/client';

const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['order', 'detail', id],
    queryFn: ({ signal }) => http.get<OrderDetail>(`/api/order/${id}`, undefined, { signal, silent: [Code.notFound] }),
    staleTime: 0,
  });

export const useOrderDetail = (id: number, enabled = true) => useQuery({ ...orderDetailQuery(id), enabled: enabled && id > 0 });

/** GET /api/order/{id}: one order of the account; another account's id answers 404 (shown as not found). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { OrderDetail } from '@core/schemas/trade';
import { http } from '@/api/client';

const orderQuery = (id: number) =>
  queryOptions({
    queryKey: ['order', 'detail', id],
    queryFn: ({ signal }) => http.get<OrderDetail>(`/api/order/${id}`, undefined, { signal, silent: [Code.notFound] }),
    staleTime: 0,
  });

export const useOrder = (id: number, enabled = true) => useQuery({ ...orderQuery(id), enabled: enabled && id > 0 });

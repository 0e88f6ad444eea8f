/** GET /api/order/after_sale/{id}: a return or after-sales request of the account with its lines; another's is 404. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { AfterSaleDetail } from '@core/schemas/trade';
import { http } from '@/api/client';

const afterSaleQuery = (id: number) =>
  queryOptions({
    queryKey: ['order', 'after_sale', id],
    queryFn: ({ signal }) => http.get<AfterSaleDetail>(`/api/order/after_sale/${id}`, undefined, { signal, silent: [Code.notFound] }),
    staleTime: 0,
  });

export const useAfterSale = (id: number, enabled = true) => useQuery({ ...afterSaleQuery(id), enabled: enabled && id > 0 });

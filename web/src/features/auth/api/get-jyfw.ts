/** GET /api/user/jyfw: the business scopes a company may tick at registration step 2. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessScope } from '@core/schemas/user';
import { http } from '@/api/client';

const jyfwQuery = () =>
  queryOptions({
    queryKey: ['user', 'jyfw'],
    queryFn: ({ signal }) => http.get<BusinessScope[]>('/api/user/jyfw', undefined, { signal }),
    staleTime: 10 * 60_000,
  });

export const useJyfw = () => useQuery(jyfwQuery());

/** GET /api/focus/common: hot searches, nav, categories, brands and the site's own details. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FocusCommon } from '@core/schemas/content';
import { http } from '@/api/client';
import { syncServerTime } from '@/lib/server-clock';

const focusCommonQuery = () =>
  queryOptions({
    queryKey: ['focus', 'common'],
    queryFn: async ({ signal }) => {
      const data = await http.get<FocusCommon>('/api/focus/common', undefined, { signal, silent: true });
      syncServerTime(data.timestamp);
      return data;
    },
    staleTime: 5 * 60_000,
  });

export const useFocusCommon = () => useQuery(focusCommonQuery());

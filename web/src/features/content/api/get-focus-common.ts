/** GET /api/focus/common: hot searches, nav, categories, brands and the site's own details. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { FocusCommon } from './types';

export const focusCommonQuery = () =>
  queryOptions({
    queryKey: ['focus', 'common'],
    queryFn: ({ signal }) => http.get<FocusCommon>('/api/focus/common', undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });

export const useFocusCommon = () => useQuery(focusCommonQuery());

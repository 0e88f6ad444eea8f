/** GET /api/focus/top: the closable ad banner above the header. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdEntry } from '@core/schemas/content';
import { bootData } from '@/api/boot';
import { http } from '@/api/client';

const focusTopQuery = () =>
  queryOptions({
    queryKey: ['focus', 'top'],
    queryFn: ({ signal }) => http.get<AdEntry[]>('/api/focus/top', undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
    // The page HTML already holds them on first load.
    initialData: bootData('top'),
  });

export const useFocusTop = () => useQuery(focusTopQuery());

/** GET /api/user/center: the member centre in one answer, with the user object (the route skips the base call). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { MemberCentre } from './types';

export const CENTRE_KEY = ['user', 'center'] as const;

export const centreQuery = () =>
  queryOptions({ queryKey: CENTRE_KEY, queryFn: ({ signal }) => http.get<MemberCentre>('/api/user/center', undefined, { signal }), staleTime: 0 });

export const useMemberCentre = () => useQuery(centreQuery());

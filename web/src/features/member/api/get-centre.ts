/** GET /api/user/center: the member centre in one answer, with the user object (the route skips the base call). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberCentre } from '@core/schemas/member';
import { http } from '@/api/client';

const CENTRE_KEY = ['user', 'center'] as const;

const centreQuery = () =>
  queryOptions({ queryKey: CENTRE_KEY, queryFn: ({ signal }) => http.get<MemberCentre>('/api/user/center', undefined, { signal }), staleTime: 0 });

export const useMemberCentre = () => useQuery(centreQuery());

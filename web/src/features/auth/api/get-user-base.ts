/** GET /api/user/base: the current account (a guest has `show` 0). Shares its key with the shell. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserBase } from '@core/schemas/user';
import { http } from '@/api/client';
import { USER_BASE_KEY } from '../lib/session';

export const userBaseQuery = () =>
  queryOptions({
    queryKey: USER_BASE_KEY,
    queryFn: ({ signal }) => http.get<UserBase>('/api/user/base', undefined, { signal }),
  });

export const useUserBase = () => useQuery(userBaseQuery());

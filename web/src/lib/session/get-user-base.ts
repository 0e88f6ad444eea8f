/**
 * GET /api/user/base: the current account, or a guest (`show` 0) with the site fields filled
 * (docs/decisions/001-guest-user-base.md). The shell and every page share this one cache entry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserBase } from '@core/schemas/user';
import { http } from '@/api/client';

export const USER_BASE_KEY = ['user', 'base'] as const;

const userBaseQuery = () =>
  queryOptions({
    queryKey: USER_BASE_KEY,
    queryFn: ({ signal }) => http.get<UserBase>('/api/user/base', undefined, { signal }),
    staleTime: 15_000,
  });

/**
 * The current account. `enabled: false` reads whatever is cached without calling the server: the shell
 * does that on the routes where spec section 6 skips the call (the page there makes it itself).
 */
export const useUserBase = (options: { enabled?: boolean } = {}) => useQuery({ ...userBaseQuery(), enabled: options.enabled ?? true });

export const isLoggedIn = (user: Pick<UserBase, 'show'> | undefined | null): user is UserBase => Boolean(user && Number(user.show) === 1);

/** GET /api/admin/me: the operator, their permissions and every role by name; `useCan` answers from it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Permission } from '@core/admin';
import type { AdminMe } from '@core/schemas/admin';
import { adminHttp } from './http';
import { ADMIN_ME_KEY } from './keys';

export { ADMIN_KEY, ADMIN_ME_KEY } from './keys';

const adminMeQuery = () =>
  queryOptions({
    queryKey: ADMIN_ME_KEY,
    queryFn: ({ signal }) => adminHttp.get<AdminMe>('/api/admin/me', undefined, { signal }),
    staleTime: 60_000,
    // An operator coming back to the tab after their session ended is sent to the login at once.
    refetchOnWindowFocus: true,
  });

export const useAdminMe = () => useQuery(adminMeQuery());

/** Whether the operator holds `permission`; `null` means any logged-in operator. */
export function can(me: AdminMe | undefined, permission: Permission | null): boolean {
  if (!me) return false;
  return permission === null || me.permissions.includes(permission);
}

export function useCan(permission: Permission | null): boolean {
  const { data } = useAdminMe();
  return can(data, permission);
}

/** DELETE /api/admin/logout: ends the operator session and goes to the console's login. */
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { adminHttp, isUnauthenticated } from './http';

export const ADMIN_LOGIN_PATH = '/admin/login';
const ADMIN_HOME_PATH = '/admin';

/** Where to go after login: a console path from `redirect`, or the console's home (never another site). */
export function afterLoginPath(redirect: string | null): string {
  if (!redirect || !/^\/admin(\/|$|\?)/.test(redirect) || redirect.startsWith(ADMIN_LOGIN_PATH)) return ADMIN_HOME_PATH;
  return redirect;
}

/** `/admin/login?redirect=<where the operator was>`. */
export function loginPathFrom(location: { pathname: string; search: string }): string {
  const here = location.pathname + location.search;
  return here === ADMIN_HOME_PATH || here.startsWith(ADMIN_LOGIN_PATH) ? ADMIN_LOGIN_PATH : `${ADMIN_LOGIN_PATH}?redirect=${encodeURIComponent(here)}`;
}

export function useAdminLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => adminHttp.delete<null>('/api/admin/logout', undefined, { quiet: [401] }),
    onSettled: (_data, error) => {
      if (error && !isUnauthenticated(error)) return;
      // The login page drops the cached console answers once this layout has gone.
      void navigate(ADMIN_LOGIN_PATH, { replace: true });
    },
  });
}

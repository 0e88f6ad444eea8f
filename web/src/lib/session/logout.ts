/** DELETE /api/user/logout: ends the session, clears the login flag and reloads the page (spec section 4). */
import { useMutation } from '@tanstack/react-query';
import { Code } from '@core/codes';
import { http, isApiError } from '@/api/client';
import { clearLoginFlag } from './login-flag';

const logout = () => http.delete<null>('/api/user/logout', undefined, { silent: [Code.unauthenticated] });

/** A session that had already ended counts as logged out; other failures have shown their message. */
const endedAnyway = (error: unknown) => isApiError(error) && (error.code === Code.unauthenticated || error.status === 401);

export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSettled: (_data, error) => {
      if (error && !endedAnyway(error)) return;
      clearLoginFlag();
      window.location.reload();
    },
  });
}

/** What happens in the browser once an account is logged in. */
import type { QueryClient } from '@tanstack/react-query';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';
import { setLoginFlag } from '@/lib/session/login-flag';

/** Sets the flag that reloads the next page once (spec section 4) and refetches the account. */
export function markLoggedIn(queryClient: QueryClient): Promise<void> {
  setLoginFlag();
  return queryClient.invalidateQueries({ queryKey: USER_BASE_KEY });
}

/** What happens in the browser once an account is logged in. */
import type { QueryClient } from '@tanstack/react-query';

export const LOGIN_FLAG_KEY = 'yct_login_flag';
export const USER_BASE_KEY = ['user', 'base'] as const;

export function markLoggedIn(queryClient: QueryClient): Promise<void> {
  try {
    sessionStorage.setItem(LOGIN_FLAG_KEY, '1');
  } catch {}
  return queryClient.invalidateQueries({ queryKey: USER_BASE_KEY });
}

/** Only a path of this site: `/cart`, never `//evil.example` or `https://...`. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target.startsWith('/login')) return '/';
  return target;
}

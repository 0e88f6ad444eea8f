/**
 * Where a guest who opens a page of the member frame goes instead (docs/decisions/007-guests-on-member-pages.md):
 * the login page, told to bring them back to the page the path leads to once the table's redirects are followed.
 */
import { resolvePath } from './routes';

/** `/login?redirect=<the page>` when a guest may not see what `pathname` shows; null when they may. */
export function loginFirst(pathname: string, search = ''): string | null {
  let landing = pathname;
  let resolved = resolvePath(landing);
  for (let hops = 0; resolved.kind === 'redirect' && hops < 5; hops++) {
    // The members' redirects carry no query of their own (core/routes.ts): the path is where the page is.
    landing = resolved.to.split('?')[0];
    resolved = resolvePath(landing);
  }
  if (resolved.kind !== 'route' || !resolved.route.membersOnly) return null;
  return `/login?redirect=${encodeURIComponent(landing + search)}`;
}

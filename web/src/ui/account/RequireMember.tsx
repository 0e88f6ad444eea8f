/**
 * Shows its children to a logged-in buyer; a guest is sent to the login page, which brings them back here. The
 * router puts every members-only route behind it (docs/decisions/007-guests-on-member-pages.md).
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { loginPathTo } from '@core/routes';

/**
 * `cachedOnly`: on the routes that skip the base call (spec section 6) only an account already known is read;
 * when none is, the page's own call answers for it (a guest who opens such a page was sent to log in by the server).
 */
export function RequireMember({ children, cachedOnly = false }: { children: ReactNode; cachedOnly?: boolean }) {
  const { data: user, isPending } = useUserBase({ enabled: !cachedOnly });
  const location = useLocation();
  if (cachedOnly && !user) return children;
  if (isPending) return <Loading />;
  if (!isLoggedIn(user)) return <Navigate to={loginPathTo(location.pathname + location.search)} replace />;
  return children;
}

export function Loading({ text = '正在加载…' }: { text?: string }) {
  return (
    <div className="yct-loading yct-ord-loading" data-testid="orders-loading">
      <span className="yct-spinner" />
      {text}
    </div>
  );
}

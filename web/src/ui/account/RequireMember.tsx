/** Shows its children to a logged-in buyer; a guest is sent to the login page, which brings them back here. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';

export function RequireMember({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUserBase();
  const location = useLocation();
  if (isPending) return <Loading />;
  if (!isLoggedIn(user)) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
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

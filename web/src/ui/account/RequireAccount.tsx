/** Shows its children to a logged-in buyer; a guest is sent to log in and brought back here afterwards. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { PanelLoading } from './PanelStates';
import { loginPathTo } from '@core/routes';

export function RequireAccount({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUserBase();
  const location = useLocation();
  if (isPending) return <PanelLoading />;
  if (!isLoggedIn(user)) return <Navigate to={loginPathTo(location.pathname + location.search)} replace />;
  return children;
}

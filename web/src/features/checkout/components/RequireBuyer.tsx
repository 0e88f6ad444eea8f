/** Shows its children to a logged-in buyer only; a guest sees a login link that comes back here. */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { EmptyState } from '@/ui/EmptyState';

export function RequireBuyer({ children, what = '查看订单信息' }: { children: ReactNode; what?: string }) {
  const { data: user, isPending } = useUserBase();
  const location = useLocation();
  if (isPending) return <PageLoading />;
  if (!isLoggedIn(user)) {
    const back = encodeURIComponent(location.pathname + location.search);
    return (
      <div className="yct-co-panel">
        <EmptyState description={`登录后${what}`}>
          <Link to={`/login?redirect=${back}`} className="yct-btn yct-btn--primary" data-testid="login-link">
            立即登录
          </Link>
        </EmptyState>
      </div>
    );
  }
  return children;
}

export function PageLoading() {
  return (
    <div className="yct-loading" data-testid="checkout-loading">
      <span className="yct-spinner" />
      正在加载…
    </div>
  );
}

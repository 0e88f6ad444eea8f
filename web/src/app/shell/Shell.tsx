/** The frame around every screen: which parts show follows the route's flags (spec section 2, shell rules). */
import { lazy, Suspense, useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { removeBootHeader } from '@/api/boot';
import { useHttpUi } from '@/api/use-http-ui';
import { useOwnPageTitle } from '@/lib/page-title';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { useCurrentRoute } from '../current-route';
import { CartSteps } from './CartSteps';
import { Footer } from './Footer';
import { LoginHeader } from './LoginHeader';
import { NavBar } from './NavBar';
import { PageLoading } from './PageLoading';
import { RightToolbar } from './RightToolbar';
import { ScrollMemory } from './ScrollMemory';
import { SiteHeader } from './SiteHeader';
import { useShellEffects } from './use-shell-effects';

/** The lottery pop-up, loaded only where it may show: never part of the home page's first load. */
const LotteryPopup = lazy(() => import('@/features/lottery/components/LotteryPopup'));

export function Shell() {
  const route = useCurrentRoute();
  useHttpUi();
  const ownTitle = useOwnPageTitle();
  useShellEffects(route, ownTitle);
  const { data: user } = useUserBase({ enabled: Boolean(route) && !route?.skipUserBase });
  // Before the first paint of the app: the header the page HTML started is replaced, not doubled.
  useLayoutEffect(removeBootHeader, []);
  // The toolbar sits in a slot beside the page, so that where the window leaves no room for it beside the
  // centred content it takes a column of its own instead of covering the content (shell.css).
  return (
    <div className={route?.toolbar ? 'yct-frame yct-frame--toolbar' : 'yct-frame'}>
      <div className="yct-page">
        {route?.header ? <SiteHeader user={user} searchResults={route.screen === 'search' || route.screen === 'searchTable'} /> : null}
        {route?.loginHeader ? <LoginHeader title={ownTitle ?? route.title} /> : null}
        {route?.nav ? <NavBar menuOpen={Boolean(route.menuOpen)} /> : null}
        {route?.cartStep ? <CartSteps step={route.cartStep} /> : null}
        <main className="yct-main">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        {route?.footer ? <Footer /> : null}
      </div>
      {route?.toolbar ? (
        <div className="yct-toolbar-slot">
          <RightToolbar user={user} />
        </div>
      ) : null}
      {route?.screen === 'home' && isLoggedIn(user) && user.is_passed === 1 ? (
        <Suspense fallback={null}>
          <LotteryPopup user={user} />
        </Suspense>
      ) : null}
      <ScrollMemory />
    </div>
  );
}

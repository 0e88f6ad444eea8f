/**
 * The data router built from the route table (core/routes.ts): every path and alias renders its screen inside
 * the shell, every redirect keeps its params and query string, and anything else goes to /404. The operator
 * console (/admin/*) is a branch of its own, outside the shell and loaded only when visited.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, redirect, useLocation, useParams, type RouteObject } from 'react-router';
import { documentTitle, fillTarget, loginPathTo, NOT_FOUND_PATH, redirects, routes, type AppRoute, type ScreenKey } from '@core/routes';
import type { UserBase } from '@core/schemas/user';
import { isLoggedIn, USER_BASE_KEY } from '@/lib/session/get-user-base';
import { RequireMember } from '@/ui/account/RequireMember';
import { queryClient } from './query-client';
import { screenModules, underConstruction, type ScreenLoader } from './screens';
import { PageLoading } from './shell/PageLoading';
import { Shell } from './shell/Shell';

type RouteHandle = { route: AppRoute };

const screens = new Map<ScreenKey, LazyExoticComponent<ComponentType>>();
function screenOf(key: ScreenKey, load: ScreenLoader) {
  let component = screens.get(key);
  if (!component) {
    component = lazy(load);
    screens.set(key, component);
  }
  return component;
}

const UnderConstruction = lazy(underConstruction);
const AdminApp = lazy(() => import('./admin/AdminApp'));

function Screen({ route }: { route: AppRoute }) {
  const load = screenModules[route.screen];
  if (!load) return <UnderConstruction title={route.title} />;
  const Component = screenOf(route.screen, load);
  if (!route.membersOnly) return <Component />;
  // A guest never mounts the page, so it asks the server nothing; the buyer's screen loads while the account is checked.
  void load();
  return (
    <RequireMember cachedOnly={route.skipUserBase}>
      <Component />
    </RequireMember>
  );
}

/**
 * A guest the app knows already goes from a member page's link to the login page before the page is shown at
 * all: neither its title nor its calls come first. The page's own guard answers the rest.
 */
function guestToLogin({ request }: { request: Request }) {
  const user = queryClient.getQueryData<UserBase>(USER_BASE_KEY);
  if (!user || isLoggedIn(user)) return null;
  const { pathname, search } = new URL(request.url);
  throw redirect(loginPathTo(pathname + search));
}

function Redirect({ to }: { to: string }) {
  const params = useParams();
  const { search, hash } = useLocation();
  const [path, carried = ''] = fillTarget(to, params).split('?');
  const query = [carried, search.slice(1)].filter(Boolean).join('&');
  return <Navigate replace to={`${path}${query ? `?${query}` : ''}${hash}`} />;
}

const children: RouteObject[] = [
  ...routes.flatMap((route) =>
    [route.path, ...(route.aliases ?? [])].map((path) => ({
      path,
      element: <Screen route={route} />,
      handle: { route } satisfies RouteHandle,
      ...(route.membersOnly ? { loader: guestToLogin, hydrateFallbackElement: <PageLoading /> } : {}),
    })),
  ),
  ...redirects.map((r) => ({ path: r.path, element: <Redirect to={r.to} /> })),
  { path: '*', element: <Navigate replace to={NOT_FOUND_PATH} /> },
];

const adminBranch: RouteObject = {
  path: '/admin/*',
  element: (
    <Suspense fallback={<PageLoading />}>
      <AdminApp />
    </Suspense>
  ),
};

export const router = createBrowserRouter([{ element: <Shell />, children }, adminBranch]);

/**
 * The document title follows the address as soon as it changes, before the next page has loaded and rendered: a
 * guest sent from a member page to the login page never sees the login page under the member page's title. Only
 * a change of route writes it, so that a page's own title (the shell writes it once shown) is not undone.
 */
let titled: AppRoute | undefined;
function titleRoute(matches: { route: { handle?: unknown } }[]) {
  const route = (matches.at(-1)?.route.handle as RouteHandle | undefined)?.route;
  if (!route || route === titled) return;
  titled = route;
  document.title = documentTitle(route.title);
}
titleRoute(router.state.matches);
router.subscribe((state) => titleRoute(state.matches));

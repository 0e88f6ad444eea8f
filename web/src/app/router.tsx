/**
 * The data router built from the route table (core/routes.ts): every path and alias renders its screen inside
 * the shell, every redirect keeps its params and query string, and anything else goes to /404. The operator
 * console (/admin/*) is a branch of its own, outside the shell and loaded only when visited.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, useLocation, useParams, type RouteObject } from 'react-router';
import { fillTarget, NOT_FOUND_PATH, redirects, routes, type AppRoute, type ScreenKey } from '@core/routes';
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
  return <Component />;
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

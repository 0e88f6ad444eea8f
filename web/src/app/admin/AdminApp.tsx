/**
 * The operator console (/admin/*, DESIGN.md section 13): its own theme, login page and layout, loaded only
 * when a console path is visited, so none of it is part of the storefront's first load.
 */
import { App, ConfigProvider } from 'antd';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useNavigate, useRoutes, type RouteObject } from 'react-router';
import { configureAdminHttp } from '@/lib/admin/http';
import { ADMIN_LOGIN_PATH, loginPathFrom } from '@/lib/admin/session';
import { PAGES, type PlacedPage } from './console-pages';
import { ConsoleBareLayout, ConsoleLayout, ConsoleLoading, ConsoleNotFound } from './ConsoleLayout';
import { PageView } from './PageView';
import { consoleTheme } from './theme';
import './admin.css';

const LoginPage = lazy(() => import('@/features/admin-auth/pages/LoginPage'));

const screens = new Map<string, ComponentType>();
/** One lazy component per page, made once so that React keeps it between renders. */
function screenOf(page: PlacedPage): ComponentType | null {
  if (!page.load) return null;
  let screen = screens.get(page.path);
  if (!screen) {
    screen = lazy(page.load);
    screens.set(page.path, screen);
  }
  return screen;
}

/** Where the console's calls send the operator when the session is gone, and how their failures are shown. */
function useConsoleHttp() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  useEffect(() => {
    configureAdminHttp({
      onUnauthenticated: () => {
        if (window.location.pathname.startsWith(ADMIN_LOGIN_PATH)) return;
        void navigate(loginPathFrom(window.location), { replace: true });
      },
      toastError: (text) => void message.error(text),
    });
  }, [navigate, message]);
}

function pageRoute(page: PlacedPage): RouteObject {
  const element = <PageView page={page} Screen={screenOf(page)} />;
  const path = page.path.replace(/^\/admin\/?/, '');
  return path ? { path, element } : { index: true, element };
}

const routes: RouteObject[] = [
  {
    path: 'login',
    element: (
      <Suspense fallback={<ConsoleLoading />}>
        <LoginPage />
      </Suspense>
    ),
  },
  {
    element: <ConsoleLayout />,
    children: [...PAGES.filter((p) => p.chrome !== false).map(pageRoute), { path: '*', element: <ConsoleNotFound /> }],
  },
  { element: <ConsoleBareLayout />, children: PAGES.filter((p) => p.chrome === false).map(pageRoute) },
];

function ConsoleRoutes() {
  useConsoleHttp();
  return useRoutes(routes);
}

export default function AdminApp() {
  return (
    <ConfigProvider theme={consoleTheme} button={{ autoInsertSpace: false }}>
      <App className="yct-admin-app" message={{ maxCount: 3, top: 56 }}>
        <ConsoleRoutes />
      </App>
    </ConfigProvider>
  );
}

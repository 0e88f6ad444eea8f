/** What the shell does on every navigation: title, page view, the one reload after login (spec sections 2 and 4). */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { http } from '@/api/client';
import { takeLoginFlag } from '@/lib/session/login-flag';
import { documentTitle, type AppRoute } from '@core/routes';

/** `ownTitle`: the title the page gave itself (web/src/lib/page-title.ts), written instead of the route's. */
export function useShellEffects(route: AppRoute | undefined, ownTitle: string | undefined) {
  const location = useLocation();
  const previous = useRef<string>(typeof document === 'undefined' ? '' : document.referrer);

  useEffect(() => {
    if (route) document.title = documentTitle(ownTitle ?? route.title);
  }, [route, ownTitle]);

  useEffect(() => {
    // Redirect and 404 hops have no route of their own: only the page the buyer lands on counts.
    if (!route) return;
    if (takeLoginFlag()) {
      window.location.reload();
      return;
    }
    const path = location.pathname + location.search;
    void http
      .post('/api/stat/pv', { path: path.slice(0, 255), title: documentTitle(route.title), referrer: previous.current.slice(0, 2000) }, { silent: true })
      .catch(() => undefined);
    previous.current = window.location.href;
  }, [location.key, location.pathname, location.search, route]);
}

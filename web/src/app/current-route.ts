import { useMatches } from 'react-router';
import type { AppRoute } from '@core/routes';

/** The route-table entry of the page being shown (undefined on redirect hops). */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  return (matches.at(-1)?.handle as { route?: AppRoute } | undefined)?.route;
}

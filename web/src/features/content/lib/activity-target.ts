/**
 * Where the loading page sends an activity link (spec section 2: /activity/{url?}/{url1?}/{url2?} redirects to
 * /loading/activity, its segments carried as `url`, `url1` and `url2`): to the page of this site the segments
 * name, with the rest of the query, when that page is built; anything else is an activity that is not there.
 */
import { finalRoute, type ScreenKey } from '@core/routes';

export const NO_ACTIVITY_PATH = '/noActivity';

const SEGMENTS = ['url', 'url1', 'url2'] as const;
/** Pages that are never an activity's: going there would spin again or say nothing is there. */
const NOT_AN_ACTIVITY: ReadonlySet<ScreenKey> = new Set(['loading', 'notFound', 'noActivity']);

/** The page an activity link leads to, or `fallback` when it names none. */
export function activityTarget(query: URLSearchParams, fallback = NO_ACTIVITY_PATH): string {
  const segments = SEGMENTS.map((key) => query.get(key)?.trim() ?? '').filter(Boolean);
  if (!segments.length) return fallback;
  const path = `/${segments.map(encodeURIComponent).join('/')}`;
  const route = finalRoute(path);
  if (!route.built || NOT_AN_ACTIVITY.has(route.screen)) return NO_ACTIVITY_PATH;
  const rest = new URLSearchParams(query);
  for (const key of SEGMENTS) rest.delete(key);
  const search = rest.toString();
  return search ? `${path}?${search}` : path;
}

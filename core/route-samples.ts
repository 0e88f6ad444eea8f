/** Concrete URLs for the route table's patterns, for the route tests (core/routes.test.ts and the e2e route walks). */
import { redirects, routes } from './routes';

/** One concrete URL for every parameterised pattern, for route tests. */
const sampleUrls: Record<string, string> = {
  '/list/other/:id/:name?': '/list/other/3/抗感染药',
  '/list/info/:id': '/list/info/1',
  '/list_info/:id': '/list_info/1',
  '/cart/step3/:id': '/cart/step3/1',
  '/cart_step3/:id': '/cart_step3/1',
  '/order/info/:id': '/order/info/1',
  '/order/returnInfo/:id': '/order/returnInfo/1',
  '/order/afterSalesInfo/:id': '/order/afterSalesInfo/1',
  '/zzfw/pzqg/info/:id?': '/zzfw/pzqg/info/1',
  '/ppzq_index/:page?': '/ppzq_index/2',
  '/ppzq/info/:id/:page?': '/ppzq/info/1',
  '/yjh/:id?': '/yjh/1',
  '/Hdzx/:ids/:id?': '/Hdzx/1,2/1',
  '/kxzq/goods/:url/:ads?': '/kxzq/goods/new/1',
  '/help/:group/:item?': '/help/qtwt/cjwt',
  '/help_news_info/:id/:type': '/help_news_info/1/1',
  '/activity/:url?/:url1?/:url2?': '/activity/spring/zone/1',
  '/order/wl/:id': '/order/wl/1',
};

/** A pattern with its optional segments filled or left out, as a URL a buyer could type. */
export function sampleUrl(pattern: string): string {
  if (sampleUrls[pattern]) return sampleUrls[pattern];
  if (!pattern.includes(':')) return pattern;
  return (
    pattern
      .split('/')
      .filter((segment) => !segment.endsWith('?'))
      .map((segment) => (segment.startsWith(':') ? '1' : segment))
      .join('/') || '/'
  );
}

/** Every pattern of the table: routes, their aliases and redirects. */
export function allPatterns(): string[] {
  return [...routes.flatMap((r) => [r.path, ...(r.aliases ?? [])]), ...redirects.map((r) => r.path)];
}

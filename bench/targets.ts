/** The API calls `npm run bench` loads, with their budgets, and one call's load with autocannon. */
import autocannon from 'autocannon';
import { BROWSER_ENCODING } from './longtail.js';
import { connections, duration } from './options.js';

/** A call under test: what it asks for and its budget (DESIGN.md section 12); calls the design does not budget are measured for reference. */
export type Target = {
  name: string;
  path: string;
  login?: boolean;
  p99Budget?: number;
  ratioBudget?: number;
  /** A different path for every request (`n` counts them), so that no answer is served from a cache. */
  vary?: (n: number) => string;
  /** Each request as the next of the seeded buyers in turn: the answer is worked out for each account. */
  perAccount?: boolean;
};

const q = encodeURIComponent;
const CATALOGUE = { p99Budget: 50, ratioBudget: 0.5, login: true } as const;

export const TARGETS: Target[] = [
  { name: 'search: pinyin initials', path: '/api/goods/search?keywords=amxl&type=1', ...CATALOGUE },
  { name: 'search: one Chinese character', path: `/api/goods/search?keywords=${q('阿')}&type=1`, ...CATALOGUE },
  { name: 'search: three Chinese characters', path: `/api/goods/search?keywords=${q('阿莫西')}&type=1`, ...CATALOGUE },
  { name: 'search: manufacturer initials', path: '/api/goods/search?keywords=hbzy&type=2', ...CATALOGUE },
  { name: 'goods list, first page', path: '/api/goods/list?page=1', ...CATALOGUE },
  { name: 'goods list, search results by sales', path: `/api/goods/list?keywords=${q('胶囊')}&sort=sales&page=3`, ...CATALOGUE },
  { name: 'goods detail', path: '/api/goods/detail/1234', ...CATALOGUE },
  { name: 'filter options of a zone', path: '/api/goods/fl?zone=qx', ...CATALOGUE },
  { name: 'home: flash sale', path: '/api/index/spike', ...CATALOGUE },
  { name: 'home: daily specials', path: '/api/activity/everyday_price', ...CATALOGUE },
  { name: 'home: category floors', path: '/api/index/floors', ...CATALOGUE },
  { name: 'home: recommendations', path: '/api/index_wntj/1', ...CATALOGUE },
  { name: 'brand zone', path: '/api/brand?page=1', ...CATALOGUE },
  // The promotion pages (docs/decisions/018-019): shared answers like the catalogue's; the coupon centre shares
  // its offer and reads what each account holds, so its requests come from every seeded buyer in turn.
  { name: 'promotion: 94% off, page 3 by price', path: '/api/activity/welfare?page=3&sort=price&order=asc', ...CATALOGUE },
  { name: 'promotion: 满返 goods by sales', path: '/api/activity/cashback?page=2&sort=sales', ...CATALOGUE },
  { name: 'promotion: 组合购 bundles', path: '/api/activity/combination', ...CATALOGUE },
  { name: 'promotion: 月月惠', path: '/api/activity/yyh', ...CATALOGUE },
  { name: 'promotion: coupon centre, the shared offer (guest)', path: '/api/coupon/center?page=1', ...CATALOGUE, login: false },
  // What each account holds is one indexed read per request (docs/decisions/018): budgeted on latency, its
  // throughput compared with the bare route for reference beside the never-cached rows below.
  { name: 'promotion: coupon centre (per account)', path: '/api/coupon/center?page=1', p99Budget: 50, login: true, perAccount: true },
  {
    name: 'promotion: 94% off, never cached (a new page each request)',
    path: '/api/activity/welfare?page=1',
    login: true,
    // Every request a page of its own (pages past the last are worked out all the same, and answer none).
    vary: (n) => `/api/activity/welfare?page=${1 + (n % 99_999)}&sort=${['default', 'sales', 'price', 'newest'][n % 4]}`,
  },
  // The catalogue keeps answers for viewers alike (server/modules/catalogue/cache.ts); these show the cost
  // of an answer computed afresh for every request.
  {
    name: 'goods list, never cached (a new price limit each request)',
    path: '/api/goods/list?price_max=1000.00',
    login: true,
    vary: (n) => `/api/goods/list?price_max=${(100_000 + n) / 100}`,
  },
  {
    name: 'goods detail, never cached (a new goods each request)',
    path: '/api/goods/detail/1',
    login: true,
    vary: (n) => `/api/goods/detail/${1 + (n % 90_000)}`,
  },
  { name: 'shell content (focus/common)', path: '/api/focus/common', p99Budget: 50, ratioBudget: 0.5 },
  { name: 'help groups', path: '/api/help/category', p99Budget: 50, ratioBudget: 0.5 },
  { name: 'user base (logged in)', path: '/api/user/base', login: true },
];

export type Measure = { rps: number; p50: number; p99: number; errors: number; non2xx: number; requests: number };

export async function load(url: string, headers: Record<string, string>, vary?: (n: number) => string, cookies?: string[]): Promise<Measure> {
  let n = 0;
  const next = (req: { path?: string; headers?: Record<string, string> }) => {
    const i = n++;
    return {
      ...req,
      ...(vary ? { path: vary(i) } : {}),
      ...(cookies ? { headers: { ...req.headers, cookie: cookies[i % cookies.length] } } : {}),
    };
  };
  const requests = vary || cookies ? [{ setupRequest: next }] : undefined;
  // A browser's Accept-Encoding on every request: what buyers load (decision 029).
  const r = await autocannon({
    url,
    connections,
    duration,
    headers: { 'accept-encoding': BROWSER_ENCODING, ...headers },
    ...(requests ? { requests } : {}),
  } as autocannon.Options);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx, requests: r.requests.total };
}

/** A call's figures: beside its own, the server's CPU per request (ms) and the longest pause of its loop (ms) under the load. */
export type Row = Target & { db: string; measured: Measure; bare: Measure; ratio: number; ok: boolean | null; cpuMs: number; loopMax: number };

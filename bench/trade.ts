/**
 * The cart and checkout budgets of DESIGN.md section 12, against a running server seeded with buyer
 * accounts (`--buyers`): add to cart at 20 connections (each connection its own buyer, as real buyers are);
 * a buyer's checkout of 50 lines (去结算, then the order) timed one at a time, as "checkout of 50 lines under
 * 100 ms" reads; the pricing engine alone on a 200-line cart. For reference, a cart of 200 lines and the
 * checkout of 50 lines at 20 connections: on PGlite's one connection each of those waits for the ones ahead.
 */
import autocannon from 'autocannon';
import { BROWSER_ENCODING, percentile } from './longtail.js';
import { priceCart, type CartLineInput, type PricingInput } from '../core/pricing/index.js';

export const TRADE_CONNECTIONS = 20;
/** Seeded buyers: the trade's connections and its one-at-a-time buyer, and the 50 of the marketing writes (bench/marketing.ts). */
export const BUYERS = 52;
/** Checkouts and orders of 50 lines placed one after another by one buyer. */
export const ONE_AT_A_TIME = 20;

export type TradeRow = {
  db: string;
  name: string;
  what: string;
  rps: number | null;
  p50: number;
  /** autocannon reports p97.5 rather than p95: a stricter stand-in for the p95 budget. */
  p975: number;
  p99: number;
  budget: string;
  ok: boolean | null;
};

type Goods = {
  id: number;
  zbz: number;
  number: number;
  base_price: string | null;
  ladder_price: { number: number; price: string | null }[];
  is_buy: number;
  is_free_shipping: number;
  free_shipping_number: number;
  category_id: number;
};

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
export const form = { ...XHR, 'content-type': 'application/x-www-form-urlencoded' };
/** What a browser adds to every load's request (decision 029). */
const browser = { 'accept-encoding': BROWSER_ENCODING };

/** A buyer's session cookie, logged in with the seed's password. */
export async function login(base: string, username: string) {
  const res = await fetch(`${base}/api/user/login`, { method: 'POST', headers: form, body: `username=${username}&password=Demo%402026` });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`${username} login failed`);
  return cookie;
}

export async function call<T>(base: string, cookie: string, method: string, path: string, body?: string): Promise<T> {
  const res = await fetch(base + path, { method, headers: { ...form, cookie }, body });
  const json = (await res.json()) as { code: number; message: string; data: T };
  if (json.code !== 10000) throw new Error(`${method} ${path}: ${json.code} ${json.message}`);
  return json.data;
}

/** Plain goods with stock, several pages of them. */
async function stockedGoods(base: string, cookie: string, pages: number): Promise<Goods[]> {
  const out: Goods[] = [];
  for (let page = 1; page <= pages; page++) {
    const data = await call<{ data: (Goods & { is_kx: number; is_ephedrine: number })[] }>(
      base,
      cookie,
      'GET',
      `/api/goods/list?in_stock=1&per_page=100&page=${page}&sort=sales`,
    );
    out.push(...data.data.filter((g) => g.is_buy && !g.is_kx && !g.is_ephedrine && g.number >= g.zbz * 50));
  }
  return out;
}

async function emptyCart(base: string, cookie: string) {
  const list = await call<{ list: { id: number }[] }>(base, cookie, 'GET', '/api/cart/list');
  if (list.list.length) await call(base, cookie, 'POST', '/api/cart/batch_delete', list.list.map((l) => `ids[]=${l.id}`).join('&'));
}

async function fillCart(base: string, cookie: string, goods: Goods[]) {
  for (let i = 0; i < goods.length; i += 100) {
    const body = goods
      .slice(i, i + 100)
      .map((g, k) => `params[${k}][goods_id]=${g.id}&params[${k}][number]=${g.zbz}`)
      .join('&');
    await call(base, cookie, 'POST', '/api/cart', body);
  }
}

export type Load = { path: (n: number) => string; method: 'GET' | 'POST'; body?: (n: number) => string; cookies: string[] };

/** `l`'s requests at `connections` connections, each logged in as its own buyer for its life. */
export async function load(base: string, duration: number, l: Load, connections = TRADE_CONNECTIONS) {
  let n = 0;
  let conn = 0;
  const r = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
          // One buyer per connection, kept for the connection's life.
          if (context.cookie === undefined) context.cookie = l.cookies[conn++ % l.cookies.length];
          const i = n++;
          return { ...req, method: l.method, path: l.path(i), headers: { ...form, ...browser, cookie: context.cookie as string }, body: l.body?.(i) };
        },
      },
    ],
  } as unknown as autocannon.Options);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p975: r.latency.p97_5, p99: r.latency.p99, clean: r.errors === 0 && r.non2xx === 0 };
}

/** The engine alone: a 200-line cart of real goods with every promotion the site runs, priced many times. */
function engineTimes(goods: Goods[], runs: number) {
  const yuanToFen = (v: string | null) => (v === null ? 0 : Math.round(Number(v) * 100));
  const lines: CartLineInput[] = goods.slice(0, 200).map((g, i) => ({
    id: i + 1,
    type: 0,
    number: g.zbz * (1 + (i % 5)),
    is_selected: i % 10 !== 0,
    goods: {
      id: g.id,
      base_price: yuanToFen(g.base_price),
      ladder_price: g.ladder_price.map((t) => ({ number: t.number, price: yuanToFen(t.price) })),
      ladder_price_type: g.ladder_price.length ? 1 : 0,
      is_buy: Boolean(g.is_buy),
      number: g.number,
      is_free_shipping: Boolean(g.is_free_shipping),
      free_shipping_number: g.free_shipping_number,
      category_id: g.category_id,
    },
  }));
  const ids = lines.map((l) => l.goods.id);
  const input: PricingInput = {
    now: Date.now(),
    lines,
    welfare: { id: 1, rate: 94, goods_ids: ids.filter((_, i) => i % 7 === 0) },
    manjians: [
      {
        id: 2,
        goods_ids: ids.filter((_, i) => i % 3 === 0),
        tiers: [
          { amount: 100_000, reduce: 5_000 },
          { amount: 300_000, reduce: 15_000 },
        ],
      },
    ],
    coupons: [{ id: 1, type: 'manjian', threshold: 50_000, amount: 2_000, scope: { kind: 'all' }, starts_at: 0, ends_at: Date.now() + 86_400_000 }],
    coupon_id: 'best',
    red_packet: { balance: 20_000, share_percent: 10, use: true },
    shipping: { shipping_amount: 1_000, no_trans_order_amount: 80_000 },
  };
  for (let i = 0; i < 20; i++) priceCart(input); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    priceCart(input);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

export async function benchTrade(db: string, base: string, duration: number, log: (s: string) => void = console.log): Promise<TradeRow[]> {
  const cookies: string[] = [];
  for (let i = 1; i <= BUYERS; i++) cookies.push(await login(base, `buyer${i}`));
  const loadCookies = cookies.slice(0, TRADE_CONNECTIONS);
  const goods = await stockedGoods(base, cookies[0], 4);
  if (goods.length < 300) throw new Error(`only ${goods.length} stocked goods for the cart bench`);
  const rows: TradeRow[] = [];
  const row = (r: Omit<TradeRow, 'db'>) => {
    rows.push({ db, ...r });
    log(
      `${db} ${r.name}: ${r.rps ?? '-'} req/s p50 ${r.p50} ms p97.5 ${r.p975} ms p99 ${r.p99} ms ${r.ok === null ? 'reference' : r.ok ? 'ok' : 'OVER BUDGET'}`,
    );
  };

  // Add to cart: each request one middle package of the next of 300 goods.
  const add = (n: number) => {
    const g = goods[n % 300];
    return `params[0][goods_id]=${g.id}&params[0][number]=${g.zbz}`;
  };
  await load(base, Math.max(2, Math.floor(duration / 2)), { method: 'POST', path: () => '/api/cart', body: (n) => add(n + 7), cookies: loadCookies }); // warm-up
  const adds = await load(base, duration, { method: 'POST', path: () => '/api/cart', body: add, cookies: loadCookies });
  row({
    name: 'add to cart',
    what: 'POST /api/cart, one line',
    rps: adds.rps,
    p50: adds.p50,
    p975: adds.p975,
    p99: adds.p99,
    budget: 'p95 (p97.5) < 100 ms, ≥ 300 req/s',
    ok: adds.clean && adds.p975 < 100 && adds.rps >= 300,
  });

  // Carts of exactly 200 and 50 lines for every buyer.
  for (const c of loadCookies) {
    await emptyCart(base, c);
    await fillCart(base, c, goods.slice(0, 200));
  }
  const list = await load(base, duration, { method: 'GET', path: () => '/api/cart/list', cookies: loadCookies });
  row({
    name: 'cart list of 200 lines, priced',
    what: 'GET /api/cart/list',
    rps: list.rps,
    p50: list.p50,
    p975: list.p975,
    p99: list.p99,
    budget: 'none (reference)',
    ok: list.clean ? null : false,
  });

  const ids: number[][] = [];
  for (const c of loadCookies) {
    const lines = await call<{ list: { id: number }[] }>(base, c, 'GET', '/api/cart/list');
    ids.push(lines.list.slice(0, 50).map((l) => l.id));
  }
  const checkoutBody = new Map(loadCookies.map((c, i) => [c, ids[i].map((id) => `ids[]=${id}`).join('&')]));
  let conn = 0;
  const checkout = await (async () => {
    const r = await autocannon({
      url: base,
      connections: TRADE_CONNECTIONS,
      duration,
      requests: [
        {
          setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
            if (context.cookie === undefined) context.cookie = loadCookies[conn++ % loadCookies.length];
            return {
              ...req,
              method: 'POST',
              path: '/api/cart/checkout',
              headers: { ...form, ...browser, cookie: context.cookie as string },
              body: checkoutBody.get(context.cookie as string),
            };
          },
        },
      ],
    } as unknown as autocannon.Options);
    return { rps: Math.round(r.requests.average), p50: r.latency.p50, p975: r.latency.p97_5, p99: r.latency.p99, clean: r.errors === 0 && r.non2xx === 0 };
  })();
  row({
    name: 'checkout of 50 lines, 20 buyers at once',
    what: 'POST /api/cart/checkout',
    rps: checkout.rps,
    p50: checkout.p50,
    p975: checkout.p975,
    p99: checkout.p99,
    budget: 'none (reference)',
    ok: checkout.clean ? null : false,
  });

  // A buyer's checkout of 50 lines, one at a time: 去结算 (the lines chosen and priced), then the order
  // (stock reserved, lines priced, written, cart emptied), each timed from request to answer.
  const buyer = cookies[TRADE_CONNECTIONS];
  const address = (await call<{ id: number }[]>(base, buyer, 'GET', '/api/address'))[0].id;
  const checkoutTimes: number[] = [];
  const orderTimes: number[] = [];
  const timed = async (times: number[], method: string, path: string, body: string) => {
    const t0 = performance.now();
    await call(base, buyer, method, path, body);
    times.push(performance.now() - t0);
  };
  for (let i = 0; i < ONE_AT_A_TIME; i++) {
    await emptyCart(base, buyer);
    await fillCart(base, buyer, goods.slice(i * 5, i * 5 + 50));
    const lines = await call<{ list: { id: number }[] }>(base, buyer, 'GET', '/api/cart/list');
    await timed(checkoutTimes, 'POST', '/api/cart/checkout', lines.list.map((l) => `ids[]=${l.id}`).join('&'));
    await timed(orderTimes, 'POST', '/api/order', `address_id=${address}&coupon_id=best`);
  }
  for (const [name, what, times] of [
    ['checkout of 50 lines (去结算), one at a time', 'POST /api/cart/checkout', checkoutTimes],
    ['order of 50 lines, one at a time', 'POST /api/order', orderTimes],
  ] as const) {
    times.sort((a, b) => a - b);
    row({
      name,
      what,
      rps: null,
      p50: Math.round(percentile(times, 50)),
      p975: Math.round(percentile(times, 97.5)),
      p99: Math.round(times[times.length - 1]),
      budget: 'p50 < 100 ms',
      ok: percentile(times, 50) < 100,
    });
  }

  // Placement under load (docs/decisions/033-batches.md): the buyers at once, each ordering 10 lines of 2 middle
  // packages again and again, goods shared between buyers; every order takes its units from the goods' batches
  // first-expiring first in one locked statement, splitting a line where a batch runs short.
  row(await placement(base, loadCookies, goods));
  // The same orders posted at the same moment by all the buyers, their carts ready (docs/decisions/038-connection-pool.md).
  row(await placementAtOnce(base, loadCookies, goods));

  const engine = engineTimes(goods, 300);
  row({
    name: 'pricing engine alone, 200-line cart',
    what: 'priceCart in process',
    rps: null,
    p50: Number(percentile(engine, 50).toFixed(2)),
    p975: Number(percentile(engine, 97.5).toFixed(2)),
    p99: Number(percentile(engine, 99).toFixed(2)),
    budget: 'p50 < 5 ms',
    ok: percentile(engine, 50) < 5,
  });
  return rows;
}

/** A placement row of the orders' times: the budget is p99 under 200 ms (DESIGN.md section 17). */
function placementRow(name: string, times: number[]): Omit<TradeRow, 'db'> {
  times.sort((a, b) => a - b);
  const p99 = percentile(times, 99);
  return {
    name,
    what: 'POST /api/order',
    rps: null,
    p50: Math.round(percentile(times, 50)),
    p975: Math.round(percentile(times, 97.5)),
    p99: Math.round(p99),
    budget: 'p99 < 200 ms',
    ok: p99 < 200,
  };
}

/** Orders each buyer places in the placement row, one after another, all buyers at once. */
const PLACEMENT_ROUNDS = 10;

/** The row of the orders the buyers placed at once, PLACEMENT_ROUNDS each (see where it is called). */
async function placement(base: string, cookies: string[], goods: Goods[]): Promise<Omit<TradeRow, 'db'>> {
  const times: number[] = [];
  await Promise.all(
    cookies.map(async (cookie, b) => {
      const address = (await call<{ id: number }[]>(base, cookie, 'GET', '/api/address'))[0].id;
      for (let r = 0; r < PLACEMENT_ROUNDS; r++) {
        await emptyCart(base, cookie);
        const chosen = Array.from({ length: 10 }, (_, k) => goods[(b * 37 + r * 101 + k * 13) % goods.length]);
        const body = [...new Set(chosen)].map((g, k) => `params[${k}][goods_id]=${g.id}&params[${k}][number]=${g.zbz * 2}`).join('&');
        await call(base, cookie, 'POST', '/api/cart', body);
        const lines = await call<{ list: { id: number }[] }>(base, cookie, 'GET', '/api/cart/list');
        await call(base, cookie, 'POST', '/api/cart/checkout', lines.list.map((l) => `ids[]=${l.id}`).join('&'));
        const t0 = performance.now();
        await call(base, cookie, 'POST', '/api/order', `address_id=${address}&coupon_id=0`);
        times.push(performance.now() - t0);
      }
    }),
  );
  return placementRow(`order of 10 lines, ${cookies.length} buyers at once (batches first-expiring first)`, times);
}

/**
 * The row of orders posted at the same moment: every buyer's cart of 10 lines made ready first (not timed), then
 * all post `POST /api/order` together, PLACEMENT_ROUNDS times.
 */
async function placementAtOnce(base: string, cookies: string[], goods: Goods[]): Promise<Omit<TradeRow, 'db'>> {
  const times: number[] = [];
  const addresses = await Promise.all(cookies.map(async (cookie) => (await call<{ id: number }[]>(base, cookie, 'GET', '/api/address'))[0].id));
  for (let r = 0; r < PLACEMENT_ROUNDS; r++) {
    for (const [b, cookie] of cookies.entries()) {
      await emptyCart(base, cookie);
      const chosen = Array.from({ length: 10 }, (_, k) => goods[(b * 41 + r * 103 + k * 17) % goods.length]);
      await call(
        base,
        cookie,
        'POST',
        '/api/cart',
        [...new Set(chosen)].map((g, k) => `params[${k}][goods_id]=${g.id}&params[${k}][number]=${g.zbz * 2}`).join('&'),
      );
      const lines = await call<{ list: { id: number }[] }>(base, cookie, 'GET', '/api/cart/list');
      await call(base, cookie, 'POST', '/api/cart/checkout', lines.list.map((l) => `ids[]=${l.id}`).join('&'));
    }
    await Promise.all(
      cookies.map(async (cookie, b) => {
        const t0 = performance.now();
        await call(base, cookie, 'POST', '/api/order', `address_id=${addresses[b]}&coupon_id=0`);
        times.push(performance.now() - t0);
      }),
    );
  }
  return placementRow(`order of 10 lines, ${cookies.length} buyers posting at the same moment, carts ready`, times);
}

export function tradeTable(rows: TradeRow[]) {
  return [
    '| database | measure | call | req/s | p50 ms | p97.5 ms | p99 ms (max for one at a time) | budget | result |',
    '|---|---|---|---:|---:|---:|---:|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.name} | \`${r.what}\` | ${r.rps ?? '—'} | ${r.p50} | ${r.p975} | ${r.p99} | ${r.budget} | ${r.ok === null ? '—' : r.ok ? 'met' : '**not met**'} |`,
    ),
  ].join('\n');
}

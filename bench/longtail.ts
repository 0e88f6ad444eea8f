/**
 * Loads the catalogue the way buyers do, not one hot URL: about 2,000 distinct keywords (Chinese of 1-4
 * characters, full pinyin, initials, manufacturers, approval numbers) drawn with a Zipf law for suggestions
 * and keyword lists, goods details uniform over every goods, and list pages 1-50 with filters and sorts drawn
 * from what the API offers; half the requests logged in. Then buyers at once, each adding random goods,
 * listing the cart, checking out and ordering. Each load runs beside the bare route, with the same generator,
 * in the same run. Every request is timed by its kind, so the slowest kinds can be named.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import fs from 'node:fs';
import { DEVICE_MAKERS, DEVICES, DRUGS, FOOD_MAKERS, FOODS, HERB_MAKERS, HERBS, MAKERS } from '../server/seed/drugs.js';
import { pinyinOf } from '../server/modules/catalogue/pinyin.js';

/** A deterministic generator, so that two runs load the same requests. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rnd = ReturnType<typeof random>;
const pick = <T>(rnd: Rnd, list: readonly T[]) => list[Math.floor(rnd() * list.length)];

/** Draws ranks 0..n-1 with probability falling as 1/(rank+1): a few words are typed often, most rarely. */
function zipf(n: number, rnd: Rnd) {
  const cumulative: number[] = [];
  let sum = 0;
  for (let i = 0; i < n; i++) cumulative.push((sum += 1 / (i + 1)));
  return () => {
    const x = rnd() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/**
 * What buyers type: parts of drug names in characters, full pinyin and initials, symptoms, categories, trade names,
 * manufacturers, approval numbers.
 */
export function keywords(approvalNumbers: string[], rnd: Rnd): { drug: string[]; maker: string[] } {
  const drug = new Set<string>();
  const maker = new Set<string>();
  for (const entry of [...DRUGS, ...DEVICES, ...HERBS, ...FOODS]) {
    const name = entry.name;
    for (let len = 1; len <= 4; len++) for (let at = 0; at + len <= name.length; at++) drug.add(name.slice(at, at + len));
    const { full, initials } = pinyinOf(name);
    for (let len = 2; len <= initials.length; len++) drug.add(initials.slice(0, len));
    for (let len = 3; len <= full.length; len += 2) drug.add(full.slice(0, len));
  }
  // Symptoms and what treats them (parts of the indications), category names and trade names: found below names.
  for (const entry of [...DRUGS, ...DEVICES, ...HERBS, ...FOODS]) {
    for (const part of entry.use.split(/[，、。；,;如及或和]/)) if (part.length >= 2 && part.length <= 4) drug.add(part);
    for (const level of entry.category.split('/')) drug.add(level);
  }
  for (const trade of ['999感冒灵', '新康泰克', '芬必得', '康泰克', '999']) drug.add(trade);
  for (const n of approvalNumbers) drug.add(rnd() < 0.5 ? n : n.slice(0, 6 + Math.floor(rnd() * 4)));
  for (const name of [...MAKERS.map((m) => m.name), ...DEVICE_MAKERS, ...HERB_MAKERS, ...FOOD_MAKERS]) {
    for (let len = 2; len <= 4; len++) maker.add(name.slice(0, len));
    const { initials } = pinyinOf(name);
    for (let len = 2; len <= Math.min(6, initials.length); len++) maker.add(initials.slice(0, len));
  }
  return { drug: shuffle([...drug], rnd), maker: shuffle([...maker], rnd) };
}

/** Puts `list` in a random order, every order as likely (Fisher-Yates), and returns it. */
export function shuffle<T>(list: T[], rnd: Rnd = Math.random): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

export type Catalogue = { goods: number; categories: number[]; brands: number[]; approvalNumbers: string[] };

const ZONES = ['yx', 'zy', 'qx', 'jxq', 'youx'];
const CFL = ['处方药', '甲类OTC', '乙类OTC', '器械', '中药饮片', '保健食品'];
const SORTS: [string, string | null][] = [
  ['default', null],
  ['sales', 'desc'],
  ['sales', 'asc'],
  ['price', 'asc'],
  ['price', 'desc'],
  ['newest', null],
];

/** The next catalogue request: its kind (for the table of slowest kinds) and path. */
export function catalogueRequests(c: Catalogue, seed = 7) {
  const rnd = random(seed);
  const words = keywords(c.approvalNumbers, rnd);
  const drugRank = zipf(words.drug.length, rnd);
  const makerRank = zipf(words.maker.length, rnd);
  const pageRank = zipf(50, rnd);
  const q = encodeURIComponent;
  return {
    distinct: words.drug.length + words.maker.length,
    next(): { kind: string; path: string } {
      const r = rnd();
      if (r < 0.3) {
        const maker = rnd() < 0.15;
        const word = maker ? words.maker[makerRank()] : words.drug[drugRank()];
        return { kind: maker ? 'suggestions, manufacturer' : 'suggestions, drug', path: `/api/goods/search?keywords=${q(word)}&type=${maker ? 2 : 1}` };
      }
      if (r < 0.5) {
        const maker = rnd() < 0.15;
        const word = maker ? words.maker[makerRank()] : words.drug[drugRank()];
        const [sort, order] = pick(rnd, SORTS);
        const page = 1 + (rnd() < 0.7 ? 0 : Math.min(pageRank(), 9));
        return {
          kind: `keyword list, sort ${sort}`,
          path: `/api/goods/list?keywords=${q(word)}&type=${maker ? 2 : 1}&sort=${sort}${order ? `&order=${order}` : ''}&page=${page}`,
        };
      }
      if (r < 0.75) return { kind: 'goods detail', path: `/api/goods/detail/${1 + Math.floor(rnd() * c.goods)}` };
      const params: string[] = [];
      let kind = 'list';
      const filter = (chance: number, param: () => string, label: string) => {
        if (rnd() >= chance) return;
        params.push(param());
        kind += `, ${label}`;
      };
      filter(0.5, () => `category=${pick(rnd, c.categories)}`, 'category');
      filter(0.2, () => `zone=${pick(rnd, ZONES)}`, 'zone');
      filter(0.15, () => `cfl=${q(pick(rnd, CFL))}`, 'prescription class');
      if (c.brands.length) filter(0.15, () => `brand=${pick(rnd, c.brands)}`, 'brand');
      filter(0.2, () => 'in_stock=1', 'in stock');
      if (rnd() < 0.1) {
        const min = Math.floor(rnd() * 50);
        params.push(`price_min=${min}.00&price_max=${min + 5 + Math.floor(rnd() * 100)}.00`);
        kind += ', price range';
      }
      const [sort, order] = pick(rnd, SORTS);
      params.push(`sort=${sort}`);
      if (order) params.push(`order=${order}`);
      kind += `, sort ${sort}`;
      params.push(`page=${1 + pageRank()}`);
      return { kind, path: `/api/goods/list?${params.join('&')}` };
    },
  };
}

/** One request: its kind, how long it took, when it started (ms into the run) and what it answered. */
export type Timing = { kind: string; ms: number; at: number; status: number; message?: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** What every browser sends: the loads ask for compressed answers as buyers do (a row without is for comparison). */
export const BROWSER_ENCODING = 'gzip, deflate, br';

/** An answer's text, decompressed as a browser would (only where the bench reads it). */
function textOf(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
    if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  } catch {
    return '';
  }
  return body.toString();
}

/** One request; a request that takes longer than `timeoutMs` counts as status 0 (a timeout). */
function request(
  base: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<{ status: number; text: () => string }> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers,
        agent,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, text: () => textOf(body, res.headers['content-encoding']) });
        });
      },
    );
    req.on('timeout', () => {
      req.destroy();
      resolve({ status: 0, text: () => '' });
    });
    req.on('error', () => resolve({ status: -1, text: () => '' }));
    req.end(body);
  });
}

/**
 * Runs `connections` loops for `seconds`, each taking its next request from `next`, asking for compressed answers as
 * a browser does unless `acceptEncoding` is empty; answers every timing.
 */
export async function drive(
  base: string,
  connections: number,
  seconds: number,
  next: (loop: number) => { kind: string; method?: string; path: string; headers?: Record<string, string>; body?: string },
  { timeoutMs = 10_000, acceptEncoding = BROWSER_ENCODING } = {},
): Promise<Timing[]> {
  const encoding: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  const url = new URL(base);
  const started = performance.now();
  const until = started + seconds * 1000;
  const timings: Timing[] = [];
  await Promise.all(
    Array.from({ length: connections }, async (_, loop) => {
      while (performance.now() < until) {
        const r = next(loop);
        const t0 = performance.now();
        const res = await request(url, r.method ?? 'GET', r.path, { 'x-requested-with': 'XMLHttpRequest', ...encoding, ...r.headers }, r.body, timeoutMs);
        timings.push({ kind: r.kind, ms: performance.now() - t0, at: t0 - started, status: res.status });
      }
    }),
  );
  return timings;
}

export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

export type Summary = { requests: number; rps: number; p50: number; p99: number; max: number; timeouts: number; errors: number };

export function summarise(timings: Timing[], seconds: number): Summary {
  const ms = timings.map((t) => t.ms).sort((a, b) => a - b);
  return {
    requests: timings.length,
    rps: Math.round(timings.length / seconds),
    p50: Math.round(percentile(ms, 50) * 10) / 10,
    p99: Math.round(percentile(ms, 99) * 10) / 10,
    max: Math.round(ms[ms.length - 1] ?? 0),
    timeouts: timings.filter((t) => t.status === 0).length,
    // A goods taken off sale answers 404, as it should: not an error.
    errors: timings.filter((t) => t.status !== 0 && t.status !== 200 && t.status !== 404).length,
  };
}

/** What the failed requests answered, by kind and answer, most frequent first. */
export function failures(timings: Timing[]): { kind: string; message: string; count: number }[] {
  const counts = new Map<string, { kind: string; message: string; count: number }>();
  for (const t of timings) {
    if (!t.message) continue;
    const key = `${t.kind}\u0000${t.message}`;
    const entry = counts.get(key) ?? counts.set(key, { kind: t.kind, message: t.message, count: 0 }).get(key)!;
    entry.count++;
  }
  return [...counts.values()].sort((a, b) => b.count - a.count);
}

/** The kinds of request by p99, slowest first. */
export function slowestKinds(timings: Timing[], count = 10) {
  const byKind = new Map<string, number[]>();
  for (const t of timings) (byKind.get(t.kind) ?? byKind.set(t.kind, []).get(t.kind)!).push(t.ms);
  return [...byKind]
    .filter(([, ms]) => ms.length >= 20)
    .map(([kind, ms]) => {
      ms.sort((a, b) => a - b);
      return { kind, requests: ms.length, p50: Math.round(percentile(ms, 50) * 10) / 10, p99: Math.round(percentile(ms, 99) * 10) / 10 };
    })
    .sort((a, b) => b.p99 - a.p99)
    .slice(0, count);
}

/** The server's resident memory in MB (Linux), sampled while a load runs; the highest sample. */
export function memorySampler(pid: number) {
  let highest = 0;
  const read = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      highest = Math.max(highest, Math.round(kb / 1024));
    } catch {
      // not on Linux, or the process is gone
    }
  };
  const timer = setInterval(read, 250);
  read();
  return () => {
    clearInterval(timer);
    read();
    return highest;
  };
}

type Stocked = { id: number; zbz: number };

/**
 * Buyers at once, each on a cart of 40-50 lines: add one random goods, list the cart, and every tenth time
 * check out the ten oldest lines (去结算) and order them; with `cancel`, the order is cancelled next (its stock
 * returned), so that a load of any length never sells the shelves empty. Every call timed by its kind.
 */
export async function driveBuyers(base: string, cookies: string[], goods: Stocked[], seconds: number, seed = 11, { cancel = false } = {}): Promise<Timing[]> {
  const url = new URL(base);
  const rnd = random(seed);
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const timings: Timing[] = [];
  const started = performance.now();
  const call = async (kind: string, cookie: string, method: string, path: string, body?: string, timed = true) => {
    const t0 = performance.now();
    const headers = { 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': BROWSER_ENCODING, cookie, ...(body ? form : {}) };
    const res = await request(url, method, path, headers, body, 10_000);
    const text = res.text();
    const ms = performance.now() - t0;
    let json: { code?: number; data?: unknown } = {};
    try {
      json = JSON.parse(text);
    } catch {
      // a timeout or an error page
    }
    const status = res.status === 200 && json.code !== 10000 ? 400 : res.status;
    if (timed)
      timings.push({
        kind,
        ms,
        at: t0 - started,
        status,
        ...(status === 200 ? {} : { message: `${res.status} ${(json as { message?: string }).message ?? text.slice(0, 80)}` }),
      });
    return json.data;
  };
  const add = (cookie: string, g: Stocked, timed = true) =>
    call('add to cart', cookie, 'POST', '/api/cart', `params[0][goods_id]=${g.id}&params[0][number]=${g.zbz}`, timed);
  const lines = async (cookie: string, timed = true) =>
    ((await call('cart list (40-50 lines)', cookie, 'GET', '/api/cart/list', undefined, timed)) as { list?: { id: number }[] } | undefined)?.list ?? [];

  const until = performance.now() + seconds * 1000;
  await Promise.all(
    cookies.map(async (cookie) => {
      const address = ((await call('address', cookie, 'GET', '/api/address', undefined, false)) as { id: number }[])[0].id;
      const old = await lines(cookie, false);
      if (old.length) await call('empty', cookie, 'POST', '/api/cart/batch_delete', old.map((l) => `ids[]=${l.id}`).join('&'), false);
      for (let i = 0; i < 40; i++) await add(cookie, pick(rnd, goods), false);
      for (let i = 1; performance.now() < until; i++) {
        await add(cookie, pick(rnd, goods));
        const list = await lines(cookie);
        if (i % 10 === 0 && list.length >= 10) {
          const ids = list
            .map((l) => l.id)
            .sort((a, b) => a - b)
            .slice(0, 10);
          await call('checkout of 10 lines (去结算)', cookie, 'POST', '/api/cart/checkout', ids.map((id) => `ids[]=${id}`).join('&'));
          const placed = (await call('order of 10 lines', cookie, 'POST', '/api/order', `address_id=${address}`)) as { orders?: { id: number }[] } | undefined;
          if (cancel)
            for (const o of placed?.orders ?? [])
              await call('cancel an order', cookie, 'POST', `/api/order/${o.id}/cancel`, `reason=${encodeURIComponent('采购计划有变')}`);
        }
      }
    }),
  );
  return timings;
}

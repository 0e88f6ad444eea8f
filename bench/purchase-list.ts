/**
 * The bench row "purchase list of 300 lines matched" (docs/decisions/045-purchase-lists.md): the demo pharmacy
 * matches different lists of 300 lines one after another as its browser sends them, made of goods read from the
 * catalogue's pages at random (their barcodes from their detail), p50 and p99 against the budget of 1 s.
 * `npm run bench` measures it on each database's server; alone, on the bench's seeded PostgreSQL database (the
 * template `--keep-seed` keeps, seeded when there is none):
 *
 *   npx tsx bench/purchase-list.ts --goods 100000 [--lists 30]
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { BROWSER_ENCODING, percentile, shuffle } from './longtail.js';
import { seedDatabase } from './seeded.js';
import { postgresUrl, startServer, stopServer } from './servers.js';
import { BUYERS, login, type TradeRow } from './trade.js';

const LINES = 300;
const BUDGET_MS = 1000;
const WARM_UP = 3;

type G = { id: number; name: string; ypgg: string; sccj: string; pzwh: string; tm: string; zbz: number };
type Envelope<T> = { code: number; message: string; data: T };

/** A line as a pharmacy's list writes it: codes for some, names with another spec writing, a short maker, a typo or no spec for others. */
function cellsOf(g: G, n: number): string[] {
  const kind = n % 20;
  const spec = kind % 3 === 0 ? g.ypgg.replace('*', '×') : g.ypgg;
  const maker = kind % 2 ? g.sccj.replace(/(集团)?股份有限公司|有限公司/, '') : g.sccj;
  const name = kind === 7 || kind === 13 ? g.name.slice(0, -1) + (g.name.endsWith('片') ? '偏' : '剂') : g.name;
  const quantity = String(g.zbz * ((n % 4) + 1) + (kind === 5 ? 1 : 0));
  if (kind < 6) return [g.name, g.ypgg, g.sccj, g.pzwh, '', '', quantity];
  if (kind < 9) return [g.name, '', '', '', g.tm, '', quantity];
  if (kind === 9) return ['', '', '', '', '', String(g.id), quantity];
  if (kind === 10 || kind === 11) return [name, '', maker, '', '', '', quantity];
  return [name, spec, maker, '', '', '', quantity];
}

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const answer = (await (await fetch(url, { headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } })).json()) as Envelope<T>;
  if (answer.code !== 10000) throw new Error(`${url}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** `count` goods of the catalogue, from its pages of 100 taken at random, each with the barcode its detail gives. */
async function goodsOf(base: string, cookie: string, count: number): Promise<G[]> {
  const first = await getJson<{ last_page: number }>(`${base}/api/goods/list?per_page=100`, cookie);
  const pages = shuffle(Array.from({ length: first.last_page }, (_, i) => i + 1));
  const goods: G[] = [];
  for (const page of pages) {
    if (goods.length >= count) break;
    const { data } = await getJson<{ data: Omit<G, 'tm'>[] }>(`${base}/api/goods/list?per_page=100&page=${page}`, cookie);
    goods.push(...data.map((g) => ({ id: g.id, name: g.name, ypgg: g.ypgg, sccj: g.sccj, pzwh: g.pzwh, zbz: g.zbz, tm: '' })));
  }
  if (goods.length === 0) throw new Error('the catalogue lists no goods to write lists of');
  // A catalogue smaller than the lists is read again, each time in another order, to make them up.
  const read = goods.length;
  while (goods.length < count)
    goods.push(
      ...shuffle(goods.slice(0, read))
        .slice(0, count - goods.length)
        .map((g) => ({ ...g })),
    );
  const picked = goods.slice(0, count);
  // Only the lines written by barcode need one (kinds 6-8 of cellsOf).
  for (const [i, g] of picked.entries()) {
    const kind = (i % LINES) % 20;
    if (kind >= 6 && kind < 9) g.tm = (await getJson<{ tm: string }>(`${base}/api/goods/detail/${g.id}`, cookie)).tm;
  }
  return picked;
}

/** Matches `lists` lists of 300 lines against the server at `base`, after three not counted. */
export async function benchPurchaseList(db: string, base: string, lists = 30, log: (s: string) => void = console.log): Promise<TradeRow> {
  const cookie = await login(base, 'demo');
  const goods = await goodsOf(base, cookie, (lists + WARM_UP) * LINES);
  const headers = {
    cookie,
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    'accept-encoding': BROWSER_ENCODING,
    accept: 'application/json, text/plain, */*',
    'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    origin: base,
    referer: `${base}/zzfw/kjcg/import`,
  };
  const times: number[] = [];
  const counts = { matched: 0, choose: 0, none: 0, invalid: 0 };
  for (let list = 0; list < lists + WARM_UP; list++) {
    const rows = goods.slice(list * LINES, (list + 1) * LINES).map((g, i) => ({ row: i + 2, cells: cellsOf(g, i + list) }));
    const body = JSON.stringify({
      headers: ['通用名称', '规格', '生产厂家', '批准文号', '条形码', '商品编码', '采购数量'],
      rows,
      mapping: ['name', 'spec', 'maker', 'approval', 'barcode', 'code', 'quantity'],
    });
    const started = performance.now();
    const res = await fetch(`${base}/api/purchase_list/match`, { method: 'POST', headers, body });
    const json = (await res.json()) as Envelope<{ counts: typeof counts }>;
    const ms = performance.now() - started;
    if (json.code !== 10000) throw new Error(`match: ${json.code} ${json.message}`);
    if (list < WARM_UP) continue;
    times.push(ms);
    for (const k of Object.keys(counts) as (keyof typeof counts)[]) counts[k] += json.data.counts[k];
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(times, p));
  const row: TradeRow = {
    db,
    name: `purchase list of ${LINES} lines matched, ${lists} lists one after another`,
    what: 'POST /api/purchase_list/match',
    rps: null,
    p50: at(50),
    p975: at(97.5),
    p99: at(99),
    budget: `p99 < ${BUDGET_MS} ms`,
    ok: at(99) < BUDGET_MS,
  };
  log(
    `${db} purchase list: p50 ${row.p50} ms, p99 ${row.p99} ms (budget ${BUDGET_MS} ms); lines ${counts.matched} matched, ${counts.choose} to choose, ${counts.none} none, ${counts.invalid} invalid`,
  );
  return row;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { goods: { type: 'string', default: '100000' }, lists: { type: 'string', default: '30' } } });
  const url = await postgresUrl();
  if (!url) throw new Error('no PostgreSQL answers on 127.0.0.1:5432 (DATABASE_URL or TEST_DATABASE_URL)');
  const env = { DATABASE_URL: url };
  console.log(`database: ${await seedDatabase(env, Number(values.goods), BUYERS, true)}`);
  const { base, child } = await startServer(env);
  try {
    await benchPurchaseList('PostgreSQL', base, Number(values.lists));
  } finally {
    await stopServer(child);
  }
}

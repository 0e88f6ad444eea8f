/**
 * The bench row "purchase list of 300 lines matched" (docs/decisions/045-purchase-lists.md): a server on the
 * bench's seeded PostgreSQL database (the template `--keep-seed` keeps, seeded when there is none), the demo
 * pharmacy matching different lists of 300 lines one after another as its browser sends them, p50 and p99
 * against the budget of 1 s.
 *
 *   npx tsx bench/purchase-list.ts --goods 100000 [--lists 30]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BROWSER_ENCODING, percentile } from './longtail.js';
import { seedDatabase } from './seeded.js';
import { postgresUrl, startServer, stopServer } from './servers.js';
import { BUYERS, login } from './trade.js';

const { values } = parseArgs({ options: { goods: { type: 'string', default: '100000' }, lists: { type: 'string', default: '30' } } });
const GOODS = Number(values.goods);
const LISTS = Number(values.lists);
const LINES = 300;
const BUDGET_MS = 1000;
const WARM_UP = 3;

type G = { id: number; name: string; ypgg: string; sccj: string; pzwh: string; tm: string; zbz: number };

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

async function main() {
  const url = await postgresUrl();
  if (!url) throw new Error('no PostgreSQL answers on 127.0.0.1:5432 (DATABASE_URL or TEST_DATABASE_URL)');
  const env = { DATABASE_URL: url };
  console.log(`database: ${await seedDatabase(env, GOODS, BUYERS, true)}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const goods = (
    await client.query<G>(
      `select id, name, ypgg, sccj, pzwh, tm, zbz from goods where is_on_sale and not is_kx order by md5(id::text) limit ${(LISTS + WARM_UP) * LINES}`,
    )
  ).rows;
  await client.end();
  const { base, child } = await startServer(env);
  try {
    const cookie = await login(base, 'demo');
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
    for (let list = 0; list < LISTS + WARM_UP; list++) {
      const rows = goods.slice(list * LINES, (list + 1) * LINES).map((g, i) => ({ row: i + 2, cells: cellsOf(g, i + list) }));
      const body = JSON.stringify({
        headers: ['通用名称', '规格', '生产厂家', '批准文号', '条形码', '商品编码', '采购数量'],
        rows,
        mapping: ['name', 'spec', 'maker', 'approval', 'barcode', 'code', 'quantity'],
      });
      const started = performance.now();
      const res = await fetch(`${base}/api/purchase_list/match`, { method: 'POST', headers, body });
      const json = (await res.json()) as { code: number; message: string; data: { counts: typeof counts } };
      const ms = performance.now() - started;
      if (json.code !== 10000) throw new Error(`match: ${json.code} ${json.message}`);
      if (list < WARM_UP) continue;
      times.push(ms);
      for (const k of Object.keys(counts) as (keyof typeof counts)[]) counts[k] += json.data.counts[k];
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    console.log(
      `\n| purchase list of ${LINES} lines matched | PostgreSQL | ${GOODS.toLocaleString('en')} goods | ${LISTS} lists | p50 ${p50.toFixed(0)} ms | p99 ${p99.toFixed(0)} ms | budget ${BUDGET_MS} ms | ${p99 <= BUDGET_MS ? 'ok' : 'OVER'} |`,
    );
    console.log(`lines: ${counts.matched} matched, ${counts.choose} to choose, ${counts.none} none, ${counts.invalid} invalid`);
  } finally {
    await stopServer(child);
  }
}

await main();

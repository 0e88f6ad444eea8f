/**
 * The long-tail workloads (longtail.ts) run against a started server, each beside the bare route, and their section
 * of bench/README.md.
 */
import { catalogueRequests, drive, driveBuyers, failures, memorySampler, slowestKinds, summarise, type Catalogue, type Summary } from './longtail.js';
import { connections, duration, goodsCount } from './options.js';
import { cpuMs, run, startServer, stopServer, type BareServer, type LoopPauses } from './servers.js';
import { BUYERS, login, TRADE_CONNECTIONS } from './trade.js';

export type LongTail = {
  db: string;
  goods: number;
  distinct: number;
  /** With a browser's headers (`Accept-Encoding`, cookies): the figure. */
  catalogue: Summary;
  /** The same kind of load without `Accept-Encoding` (another draw of the long tail), for comparison. */
  uncompressed: Summary;
  bare: Summary;
  ratio: number;
  memoryMb: number;
  /** The server's CPU per catalogue request (ms), and the longest pause of its loop during that load (ms). */
  cpuMs: number;
  loopMax: number;
  slowest: ReturnType<typeof slowestKinds>;
  buyers: { kind: string; summary: Summary; budget: number | null }[];
  buyerCount: number;
  /** What the buyers' failed calls answered. */
  refusals: ReturnType<typeof failures>;
};

const LONG_TAIL_SECONDS = () => Math.max(20, duration * 2);
/** Budgets of the long-tail workloads (bench rows, never timed tests). */
export const LONG_TAIL_P99_MS = 50;
const LONG_TAIL_RATIO = { PostgreSQL: 0.25, PGlite: 0.15 } as Record<string, number>;
/** No pause of the server's loop over this during the long tail (ms). */
const LOOP_PAUSE_MS = 20;
/** p99 at the full catalogue over p99 at the small one. */
const LONG_TAIL_GROWTH = 1.5;
export const BUYER_BUDGETS: Record<string, number> = { 'add to cart': 60, 'cart list (40-50 lines)': 60, 'order of 10 lines': 150 };

/** What the loads draw from: the categories, brands, approval numbers and goods in stock of a started site. */
export async function facts(base: string, cookie: string, goodsCount: number): Promise<Catalogue & { stocked: { id: number; zbz: number }[] }> {
  const get = async <T>(path: string) =>
    ((await (await fetch(base + path, { headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } })).json()) as { data: T }).data;
  type Node = { id: number; children: Node[] };
  const common = await get<{ category: Node[] }>('/api/focus/common');
  const categories: number[] = [];
  const walk = (nodes: Node[]) => nodes.forEach((n) => (categories.push(n.id), walk(n.children)));
  walk(common.category);
  const brands = (await get<{ data: { id: number }[] }>('/api/brand?page=1')).data.map((b) => b.id);
  const approvalNumbers: string[] = [];
  const stocked: { id: number; zbz: number }[] = [];
  for (let page = 1; page <= 5; page++) {
    const list = await get<{ data: { id: number; zbz: number; pzwh: string; number: number; is_buy: number; is_ephedrine: number }[] }>(
      `/api/goods/list?in_stock=1&per_page=100&page=${page}&sort=sales`,
    );
    for (const g of list.data) {
      if (g.pzwh) approvalNumbers.push(g.pzwh);
      // The buyers are not special accounts: their lists hold no controlled-sale goods.
      if (g.is_buy && !g.is_ephedrine && g.number >= g.zbz * 200) stocked.push({ id: g.id, zbz: g.zbz });
    }
  }
  return { goods: goodsCount, categories, brands, approvalNumbers, stocked };
}

/** The long-tail catalogue workload and the buyers' workload (bench/longtail.ts), each beside the bare route. */
export async function benchLongTail(
  db: string,
  base: string,
  pid: number,
  bare: BareServer,
  loop: () => Promise<LoopPauses>,
  goods = goodsCount,
): Promise<LongTail> {
  const seconds = LONG_TAIL_SECONDS();
  const cookies = await Promise.all(Array.from({ length: TRADE_CONNECTIONS }, (_, i) => login(base, `buyer${i + 1}`)));
  const c = await facts(base, cookies[0], goods);
  const workload = catalogueRequests(c);
  console.log(`${db} long tail: ${workload.distinct} distinct keywords, ${c.categories.length} categories, ${c.brands.length} brands, ${seconds} s`);
  const memory = memorySampler(pid);
  const cpu = cpuMs(pid);
  await loop();
  let n = 0;
  const timings = await drive(base, connections, seconds, () => {
    const r = workload.next();
    // Half the requests logged in, spread over the buyers.
    return n++ % 2 ? { ...r, headers: { cookie: cookies[n % cookies.length] } } : r;
  });
  const memoryMb = memory();
  const pauses = await loop();
  const cpuPerRequest = (cpuMs(pid) - cpu) / Math.max(1, timings.length);
  // The same mix without Accept-Encoding, drawn afresh so that it does not find the first run's answers kept.
  const other = catalogueRequests(c, 8);
  let m = 0;
  const plainTimings = await drive(
    base,
    connections,
    seconds,
    () => {
      const r = other.next();
      return m++ % 2 ? { ...r, headers: { cookie: cookies[m % cookies.length] } } : r;
    },
    { acceptEncoding: '' },
  );
  const sample = await (await fetch(`${base}/api/goods/list?page=2`)).text();
  await bare.set('long-tail', sample);
  const bareTimings = await drive(bare.base, connections, seconds, () => ({ kind: 'bare', path: '/bare/long-tail' }));
  const catalogue = summarise(timings, seconds);
  const uncompressed = summarise(plainTimings, seconds);
  const reference = summarise(bareTimings, seconds);
  const buyerTimings = await driveBuyers(base, cookies, c.stocked, seconds);
  const kinds = [...new Set(buyerTimings.map((t) => t.kind))];
  const result: LongTail = {
    db,
    goods,
    distinct: workload.distinct,
    catalogue,
    uncompressed,
    bare: reference,
    ratio: catalogue.rps / reference.rps,
    memoryMb,
    cpuMs: Math.round(cpuPerRequest * 100) / 100,
    loopMax: pauses.max,
    slowest: slowestKinds(timings),
    buyers: kinds.map((kind) => ({
      kind,
      summary: summarise(
        buyerTimings.filter((t) => t.kind === kind),
        seconds,
      ),
      budget: BUYER_BUDGETS[kind] ?? null,
    })),
    buyerCount: cookies.length,
    refusals: failures(buyerTimings),
  };
  console.log(
    `${db} long tail: ${catalogue.rps} req/s p50 ${catalogue.p50} p99 ${catalogue.p99} max ${catalogue.max} timeouts ${catalogue.timeouts}; bare ${reference.rps} req/s; ratio ${result.ratio.toFixed(3)}; ${memoryMb} MB; without Accept-Encoding ${uncompressed.rps} req/s p99 ${uncompressed.p99}`,
  );
  for (const b of result.buyers) console.log(`${db} buyers ${b.kind}: p50 ${b.summary.p50} p99 ${b.summary.p99} errors ${b.summary.errors}`);
  for (const f of result.refusals) console.log(`${db} buyers ${f.kind} failed ${f.count}×: ${f.message}`);
  return result;
}

export function longTailSection(results: LongTail[]): string {
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const catalogue = [
    '| database | goods | req/s | p50 ms | p99 ms | max ms | timeouts (10 s) | errors | bare req/s | ratio | without Accept-Encoding: req/s, p99 ms | server CPU ms per request | longest loop pause ms | server memory MB | budget | result |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
    ...results.map((r) => {
      const ratio = LONG_TAIL_RATIO[r.db] ?? 0;
      const ok = r.catalogue.p99 < LONG_TAIL_P99_MS && r.catalogue.timeouts === 0 && r.catalogue.errors === 0 && r.ratio >= ratio && r.loopMax <= LOOP_PAUSE_MS;
      return `| ${r.db} | ${r.goods} | ${r.catalogue.rps} | ${r.catalogue.p50} | ${r.catalogue.p99} | ${r.catalogue.max} | ${r.catalogue.timeouts} | ${r.catalogue.errors} | ${r.bare.rps} | ${r.ratio.toFixed(3)} | ${r.uncompressed.rps}, ${r.uncompressed.p99} | ${r.cpuMs} | ${r.loopMax} | ${r.memoryMb} | p99 < ${LONG_TAIL_P99_MS} ms, no timeout, ratio ≥ ${ratio}, no loop pause over ${LOOP_PAUSE_MS} ms | ${met(ok)} |`;
    }),
  ].join('\n');
  const growth = [...new Set(results.map((r) => r.db))].flatMap((db) => {
    const sizes = results.filter((r) => r.db === db).sort((a, b) => a.goods - b.goods);
    if (sizes.length < 2) return [];
    const [small, large] = [sizes[0], sizes[sizes.length - 1]];
    const ratio = large.catalogue.p99 / small.catalogue.p99;
    return [
      `| ${db} | ${small.goods} | ${small.catalogue.p99} | ${large.goods} | ${large.catalogue.p99} | ${ratio.toFixed(2)} | ≤ ${LONG_TAIL_GROWTH} | ${met(ratio <= LONG_TAIL_GROWTH)} |`,
    ];
  });
  const growthTable = growth.length
    ? [
        'p99 as the catalogue grows:',
        '',
        '| database | goods | p99 ms | goods | p99 ms | ratio | budget | result |',
        '|---|---:|---:|---:|---:|---:|---|---|',
        ...growth,
      ].join('\n')
    : '';
  const slowest = results
    .filter((r) => r.goods === Math.max(...results.filter((o) => o.db === r.db).map((o) => o.goods)))
    .map((r) =>
      [
        `Slowest request kinds on ${r.db} at ${r.goods} goods by p99:`,
        '',
        '| kind | requests | p50 ms | p99 ms |',
        '|---|---:|---:|---:|',
        ...r.slowest.map((k) => `| ${k.kind} | ${k.requests} | ${k.p50} | ${k.p99} |`),
      ].join('\n'),
    )
    .join('\n\n');
  const buyers = [
    '| database | call | requests | p50 ms | p99 ms | max ms | errors | budget | result |',
    '|---|---|---:|---:|---:|---:|---:|---|---|',
    ...results.flatMap((r) =>
      (r.goods === Math.max(...results.filter((o) => o.db === r.db).map((o) => o.goods)) ? r.buyers : []).map(
        (b) =>
          `| ${r.db} | ${b.kind} | ${b.summary.requests} | ${b.summary.p50} | ${b.summary.p99} | ${b.summary.max} | ${b.summary.errors} | ${b.budget === null ? 'none (reference)' : `p99 < ${b.budget} ms`} | ${b.budget === null ? '—' : met(b.summary.p99 < b.budget && b.summary.errors === 0)} |`,
      ),
    ),
  ].join('\n');
  const refused = results.flatMap((r) => r.refusals.map((f) => `- ${r.db}, ${r.goods} goods, ${f.kind}, ${f.count}×: ${f.message}`));
  return `### Long tail

${results[0]?.distinct ?? 0} distinct keywords (Chinese of 1-4 characters, full pinyin, initials, manufacturers, approval
numbers) drawn with a Zipf law for suggestions (30%) and keyword lists in every sort (20%); goods details uniform over
every goods (25%); list pages 1-50 with categories, zones, prescription classes, brands, stock, price ranges and sorts
drawn at random (25%); half the requests logged in; ${connections} connections for ${LONG_TAIL_SECONDS()} s on a server
started cold, then the bare route with the same generator in the same run. A request over 10 s counts as a timeout.

${catalogue}

${growthTable}

${slowest}

Buyers at once (${results[0]?.buyerCount ?? 0}), each on a cart of 40-50 lines: add one random goods, list the cart, and every tenth
time check out the ten oldest lines and order them.

${buyers}
${refused.length ? `\nCalls that failed (the server's log of the run is bench/results/server.log):\n\n${refused.join('\n')}\n` : ''}`;
}

/** The long tail alone on a fresh catalogue of `size` goods: the figures p99 at the full size is compared with. */
export async function benchTailAt(db: string, env: Record<string, string>, size: number, bare: BareServer, tails: LongTail[]) {
  console.log(`\n== ${db}: seeding ${size} goods for the long tail`);
  await run(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--goods', String(size), '--buyers', String(BUYERS)], env);
  const { base, child, loop } = await startServer(env);
  try {
    tails.push(await benchLongTail(db, base, child.pid!, bare, loop, size));
  } finally {
    await stopServer(child);
  }
}

/** bench/README.md: the API section of a run, and the whole report, each part keeping its last figures when it was not run. */
import os from 'node:os';
import { longTailSection, type LongTail } from './long-tail-run.js';
import { MARKETING_CONNECTIONS } from './marketing.js';
import { connections, duration, goodsCount } from './options.js';
import type { Row } from './targets.js';
import { ONE_AT_A_TIME, TRADE_CONNECTIONS, tradeTable, type TradeRow } from './trade.js';

const API_INTRO = `The server runs on a fresh PGlite database and on a fresh PostgreSQL database (when one answers; with
autovacuum on, as on any site, turned on for the run where a server kept for tests has it off), the catalogue is seeded, and each call is loaded with autocannon (connections and seconds per call in the line
below), right after loading a bare Fastify route that serves the same JSON from memory, in a process of its own
as the server is. The ratio is the call's throughput over the bare route's, both measured in the same run.
Catalogue answers are shared for up to 30 s by viewers who see alike (a detail for 5 s); the rows "never cached"
ask for a different answer every time. Every request sends a browser's \`Accept-Encoding: gzip, deflate, br\` (kept
answers go out as bytes compressed once, docs/decisions/029-compressed-once.md; the bare route sends its JSON
uncompressed); the long tail is also loaded without it, for comparison. The server's CPU per request is its
process's CPU time over the call's load divided by its requests; the longest loop pause is the largest delay of
its event loop during that load (\`perf_hooks.monitorEventLoopDelay\`, bench/loop-probe.mjs).`;

/**
 * The two parts of bench/README.md, so that a run of one part keeps the other's last figures. A report
 * written before the web part existed is all API table.
 */
export function readSections(readme: string): { api: string | null; web: string | null; soak: string | null } {
  const soakAt = readme.indexOf('\n## Soak\n');
  const soak = soakAt >= 0 ? readme.slice(soakAt + 1).trimEnd() + '\n' : null;
  if (soakAt >= 0) readme = readme.slice(0, soakAt);
  const webAt = readme.indexOf('\n## Web\n');
  const apiAt = readme.indexOf('\n## API calls\n');
  const web = webAt >= 0 ? readme.slice(webAt + 1).trimEnd() + '\n' : null;
  const beforeWeb = webAt >= 0 ? readme.slice(0, webAt) : readme;
  let api: string | null = null;
  if (apiAt >= 0) api = beforeWeb.slice(apiAt + 1).trimEnd() + '\n';
  else if (beforeWeb.includes('\nLast run:')) api = `## API calls\n\n${API_INTRO}\n\n${beforeWeb.slice(beforeWeb.indexOf('\nLast run:') + 1).trimEnd()}\n`;
  return { api, web, soak };
}

/** The table of the API calls, each beside the bare route, with its budget. */
export function apiTable(rows: Row[]) {
  return [
    '| database | call | req/s | p50 ms | p99 ms | bare req/s | ratio | server CPU ms per request | longest loop pause ms | budget | result |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.name} \`${r.path}\` | ${r.measured.rps} | ${r.measured.p50} | ${r.measured.p99} | ${r.bare.rps} | ${r.ratio.toFixed(2)} | ${r.cpuMs} | ${r.loopMax} | ${r.p99Budget === undefined ? 'none (reference)' : `p99 < ${r.p99Budget} ms${r.ratioBudget === undefined ? '' : `, ratio ≥ ${r.ratioBudget}`}`} | ${r.ok === null ? '—' : r.ok ? 'met' : '**not met**'} |`,
    ),
  ].join('\n');
}

/**
 * The parts of an API section written earlier: the calls' table with its line of when, and the long tail, each
 * kept by a run that skips it (`--skip-calls`, `--skip-long-tail`).
 */
function earlierParts(previous: string | null): { calls: string | null; tail: string | null } {
  if (!previous) return { calls: null, tail: null };
  const lastRun = previous.indexOf('Last run:');
  const tailAt = previous.indexOf('### Long tail');
  const tradeAt = previous.indexOf('### Cart and checkout');
  const callsEnd = tailAt >= 0 ? tailAt : tradeAt;
  return {
    calls: lastRun >= 0 && callsEnd > lastRun ? previous.slice(lastRun, callsEnd).trim() : null,
    tail: tailAt >= 0 && tradeAt > tailAt ? previous.slice(tailAt, tradeAt).trim() : null,
  };
}

/**
 * The API section of bench/README.md for the run of `when`: the calls' table (null when they were not loaded),
 * the long tail and the buyers' rows; a part not run keeps its figures of the section written before.
 */
export function apiSection(when: string, table: string | null, tails: LongTail[], trade: TradeRow[], previous: string | null = null) {
  const earlier = earlierParts(previous);
  const calls =
    table === null
      ? (earlier.calls ?? 'The calls were not loaded yet.')
      : `Last run: ${when} UTC, ${os.cpus().length} cores, ${goodsCount} goods, ${connections} connections, ${duration} s per call.\n\n${table}`;
  const tail = tails.length ? longTailSection(tails) : earlier.tail ? `${earlier.tail}\n` : '';
  return `## API calls

${API_INTRO}

${calls}

${tail}
### Cart and checkout

Last run: ${when} UTC, ${os.cpus().length} cores, ${goodsCount} goods with their batches (1-4 a goods), ${duration} s per call.
${TRADE_CONNECTIONS} connections, each logged in as its own buyer (\`--buyers\` of the seed), ${duration} s per call. Add to
cart puts one middle package of the next of 300 goods into the buyer's cart. DESIGN.md asks for a checkout of 50
lines under 100 ms: the time one buyer waits. A buyer checks out ${ONE_AT_A_TIME} times one after another (去结算 of 50
lines, then the order), each call timed from request to answer. For reference, the list of a 200-line cart and
去结算 of 50 of its lines are also loaded by ${TRADE_CONNECTIONS} buyers at once: on PGlite, which has one connection, each
of those requests waits for the ones ahead of it. The pricing engine is timed alone in the bench process (300 runs).
Last, ${MARKETING_CONNECTIONS} buyers at once claim coupons in the coupon centre and draw in points lotteries that an operator
composed through the console's API just before (bench/marketing.ts): each request a successful write in one
transaction with its ledger rows, rotating over enough coupons and lotteries that no buyer reaches a limit.
Then the outbound check (bench/trace.ts): demo orders 1,000 boxes of a drug and 200 of another, an operator confirms
the transfers, and the 1,000 trace codes are scanned into the first order in posts of 200 (as the console's
scanning page sends its queue), the 200 into the second one code a post, one after another; codes/s in the req/s
column, each post's time in the rest. Last, demo matches 30 different purchase lists of 300 lines one after another
(bench/purchase-list.ts: goods from the catalogue's pages at random, written by approval number, barcode, goods code,
or name, spec and maker with typos and other spec writings), each timed from request to answer.

${tradeTable(trade)}
`;
}

/** The whole of bench/README.md. */
export function readmeText(apiSection: string | null, webText: string | null, soakText: string | null) {
  return `# Benchmarks

\`npm run bench\` measures the budgets of DESIGN.md section 12: the web app's first-load JavaScript and
Lighthouse scores, then the API calls under load. Options: \`--goods 100000\`, \`--tail-goods 10000\` (the long tail also
at that size), \`--duration\`, \`--connections\`, \`--only pglite|postgres|web\`, \`--skip-web\`, \`--skip-long-tail\`,
\`--skip-calls\` (only the buyers, the marketing writes and the outbound check), \`--lighthouse-runs 3\`, \`--keep-seed\` (each database
seeded once and copied for later runs, bench/seeded.ts). A part that was not run keeps its last figures.
\`npm run bench:soak\` (bench/soak.ts) loads two server processes behind nginx for half an hour (\`--minutes\`).

${apiSection ?? '## API calls\n\nNot measured yet: `npm run bench -- --skip-web`.\n'}
${webText ?? '## Web\n\nNot measured yet: `npm run bench -- --only web`.\n'}
${soakText ?? '## Soak\n\nNot measured yet: `npm run bench:soak`.\n'}`;
}

/** The command line of `npm run bench` (run.ts says what each option does). */
import { parseArgs } from 'node:util';

export const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    goods: { type: 'string', default: '3000' },
    only: { type: 'string' },
    'skip-web': { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string', default: '3' },
    'skip-long-tail': { type: 'boolean', default: false },
    /** Loads none of the single calls: the buyers, the marketing writes and the outbound check only. */
    'skip-calls': { type: 'boolean', default: false },
    /** Each database seeded once and copied for every later run (bench/seeded.ts). */
    'keep-seed': { type: 'boolean', default: false },
    /** Catalogue sizes the long tail is also run at, each on a database of its own: `--tail-goods 10000`. */
    'tail-goods': { type: 'string', default: '' },
    /** How long the soak (bench/soak.ts) loads the site. */
    minutes: { type: 'string', default: '30' },
  },
});
if (opts.only && !['pglite', 'postgres', 'web'].includes(opts.only)) throw new Error(`--only ${opts.only}: expected pglite, postgres or web`);
export const runApi = opts.only !== 'web';
export const runWeb = !opts['skip-web'] && (opts.only === undefined || opts.only === 'web');
export const duration = Number(opts.duration);
export const connections = Number(opts.connections);
export const goodsCount = Number(opts.goods);
export const tailSizes = opts['tail-goods']
  .split(',')
  .filter(Boolean)
  .map(Number)
  .filter((n) => n > 0 && n !== goodsCount);

/**
 * `npx tsx bench/compression.ts [--base http://127.0.0.1:3000]`: what each brotli quality and gzip level costs the
 * server and saves a buyer, on the site's real answers (a running site, logged in as demo so prices show). For each
 * answer and setting: the bytes sent, the server's time to compress it (median of 40), and the time the saved
 * bytes take on a slow line (1 Mbit/s) against the uncompressed answer. Prints a Markdown table
 * (docs/decisions/029-compressed-once.md chose from it).
 */
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';

const { values } = parseArgs({ options: { base: { type: 'string', default: 'http://127.0.0.1:3000' } } });
const base = values.base;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

async function demoCookie(): Promise<string> {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo@2026' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('yct_session='));
  if (!cookie) throw new Error(`demo could not log in at ${base}: ${res.status}`);
  return cookie.split(';')[0];
}

const ANSWERS: [string, string][] = [
  ['goods list, 20 goods', '/api/goods/list?page=1'],
  ['goods list, a keyword', `/api/goods/list?keywords=${encodeURIComponent('胶囊')}&page=2`],
  ['goods detail', '/api/goods/detail/1234'],
  ['suggestions', '/api/goods/search?keywords=amxl&type=1'],
  ['shell content', '/api/focus/common'],
  ['category floors', '/api/index/floors'],
  ['flash sale', '/api/index/spike'],
];

type Setting = { name: string; compress: (text: string) => Buffer };
const SETTINGS: Setting[] = [
  ...[1, 4, 5, 6, 9, 11].map((q) => ({
    name: `br ${q}`,
    compress: (text: string) =>
      zlib.brotliCompressSync(text, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
      }),
  })),
  ...[1, 6, 9].map((level) => ({ name: `gzip ${level}`, compress: (text: string) => zlib.gzipSync(text, { level }) })),
];

/** Median milliseconds of `runs` calls. */
function timed(fn: () => unknown, runs = 40): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

const SLOW_LINE_BYTES_PER_MS = 1_000_000 / 8 / 1000;

const cookie = await demoCookie();
const lines = ['| answer | raw bytes | ' + SETTINGS.map((s) => s.name).join(' | ') + ' |', '|---|---:|' + SETTINGS.map(() => '---:|').join('')];
for (const [name, path] of ANSWERS) {
  const text = await (await fetch(base + path, { headers: { cookie, ...XHR } })).text();
  const raw = Buffer.byteLength(text);
  const cells = SETTINGS.map((s) => {
    const bytes = s.compress(text).length;
    const ms = timed(() => s.compress(text));
    const saved = (raw - bytes) / SLOW_LINE_BYTES_PER_MS;
    return `${bytes} B, ${ms.toFixed(2)} ms, saves ${saved.toFixed(0)} ms`;
  });
  lines.push(`| ${name} | ${raw} | ${cells.join(' | ')} |`);
}
console.log(lines.join('\n'));

/**
 * The web budget of DESIGN.md section 12, measured on a production build served by the real server:
 * the home page's first-load JavaScript in KB gzip, as a fresh browser downloads it, and the Lighthouse
 * performance of the home page (desktop and mobile, median of several runs) with its LCP and CLS.
 *
 * `npm run bench` calls `measureWeb` and writes `webSection` into bench/README.md; alone,
 * `npx tsx bench/web.ts [--runs 3]` prints the section and writes bench/results/web.json.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { chromium as playwrightChromium } from '@playwright/test';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { routes } from '../core/routes';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web', 'dist');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The same switches as the end-to-end tests: nothing may reach out, the machine has no internet. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const WEB_BUDGET = {
  firstLoadKbGzip: 300,
  desktopScore: 95,
  mobileScore: 85,
  lcpMs: 1500,
  cls: 0.05,
} as const;

export type LoadedFile = { file: string; bytes: number; gzip: number; encoding: string | null };
type Metrics = { score: number | null; lcp: number | null; cls: number | null; fcp: number | null; tbt: number | null };
/** One Lighthouse run: its figures, and what it blames (largest opportunities, LCP element, layout shifts). */
export type LighthouseRun = Metrics & { opportunities: string[]; lcpElement: string | null; shifts: string[]; error?: string };
export type LighthouseSummary = { runs: LighthouseRun[]; median: Metrics };
export type WebResult = {
  when: string;
  browser: string;
  lighthouseVersion: string;
  firstLoad: {
    files: LoadedFile[];
    bytes: number;
    gzip: number;
    /** JS files that arrived after the network had gone idle (not in the sum, listed so they are seen). */
    late: string[];
    distJsFiles: number;
    homeScreenModule: string;
    otherScreenChunks: number;
    otherScreenChunksLoaded: string[];
  };
  lighthouse: { desktop: LighthouseSummary; mobile: LighthouseSummary };
};

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function waitFor(url: string, seconds: number, child: ChildProcess) {
  for (let i = 0; i < seconds * 2; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean };

/**
 * The production build, with Vite's manifest so that each screen module can be mapped to its chunk.
 * The manifest does not change the chunks; it is read and removed so that dist looks like a plain build.
 */
function buildWeb(): Record<string, ManifestChunk> {
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--manifest'], { cwd: root, stdio: 'inherit' });
  const manifestDir = path.join(dist, '.vite');
  const manifest = JSON.parse(fs.readFileSync(path.join(manifestDir, 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  fs.rmSync(manifestDir, { recursive: true, force: true });
  return manifest;
}

function listJs(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.m?js$/.test(e.name))
    .map((e) => path.relative(dist, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/**
 * The source module of every lazily loaded screen, read from web/src/app/screens.ts, and the module the
 * home route renders (its own screen, or the under-construction page while it has none).
 */
function screenModules(manifest: Record<string, ManifestChunk>) {
  const text = fs.readFileSync(path.join(root, 'web', 'src', 'app', 'screens.ts'), 'utf8');
  const byKey = new Map<string, string>();
  for (const m of text.matchAll(/(\w+)\s*:\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g)) byKey.set(m[1], m[2]);
  const fallback = /underConstruction\b[^=]*=\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/.exec(text)?.[1];
  const homeKey = routes.find((r) => r.path === '/')?.screen;
  if (!homeKey) throw new Error('core/routes.ts has no route for /');
  const homeSpecifier = byKey.get(homeKey) ?? fallback;
  if (!homeSpecifier || byKey.size === 0) throw new Error('could not read the screen modules from web/src/app/screens.ts');

  // Module specifiers are '@/...' (web/src); manifest keys are relative to web/.
  const chunkOf = (specifier: string) => {
    const base = specifier.replace(/^@\//, 'src/');
    for (const ext of ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts']) {
      const chunk = manifest[base + ext];
      if (chunk) return { src: base + ext, file: chunk.file };
    }
    throw new Error(`screen module ${specifier} has no chunk in the build manifest`);
  };
  const home = chunkOf(homeSpecifier);
  const others = new Map<string, string>();
  for (const specifier of byKey.values()) {
    const chunk = chunkOf(specifier);
    if (chunk.src !== home.src) others.set(chunk.file, chunk.src);
  }
  return { home, others };
}

async function startServer(): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-bench-web-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SMS_SANDBOX: '1',
      SESSION_SECRET: 'bench-secret-0123456789',
      // Repeated Lighthouse loads come from one address; a rate-limit answer would spoil a run.
      RATE_LIMIT_FACTOR: '100000',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/focus/common`, 180, child).catch((err: unknown) => {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  return { base, child, dataDir };
}

/** Loads `/` in a fresh browser and records every JavaScript response until the network is idle. */
async function firstLoad(base: string, manifest: Record<string, ManifestChunk>) {
  const browser = await playwrightChromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const page = await context.newPage();
    let idle = false;
    const pending: Promise<LoadedFile>[] = [];
    const late: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      const type = response.headers()['content-type'] ?? '';
      if (url.origin !== base || !(/javascript/.test(type) || /\.m?js$/.test(url.pathname))) return;
      if (idle) {
        late.push(url.pathname);
        return;
      }
      pending.push(
        response.body().then((body) => ({
          file: url.pathname.replace(/^\//, ''),
          bytes: body.length,
          gzip: zlib.gzipSync(body).length,
          encoding: response.headers()['content-encoding'] ?? null,
        })),
      );
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle', timeout: 60_000 });
    idle = true;
    // Anything fetched a little later (a prefetch on idle, say) is listed apart so it cannot hide.
    await page.waitForTimeout(2000);
    const version = browser.version();
    const files = (await Promise.all(pending)).sort((a, b) => b.gzip - a.gzip);
    await context.close();

    const built = new Set(Object.values(manifest).map((c) => c.file));
    const stale = files.filter((f) => !built.has(f.file));
    if (stale.length) throw new Error(`web/dist changed during the measurement (${stale.map((f) => f.file).join(', ')} not in this build)`);
    const { home, others } = screenModules(manifest);
    const loaded = new Set([...files.map((f) => f.file), ...late.map((p) => p.replace(/^\//, ''))]);
    return {
      version,
      result: {
        files,
        bytes: files.reduce((s, f) => s + f.bytes, 0),
        gzip: files.reduce((s, f) => s + f.gzip, 0),
        late,
        distJsFiles: listJs(dist).length,
        homeScreenModule: home.src,
        otherScreenChunks: others.size,
        otherScreenChunksLoaded: [...others.keys()].filter((file) => loaded.has(file)),
      },
    };
  } finally {
    await browser.close();
  }
}

const median = (values: (number | null)[]): number | null => {
  const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

async function lighthouseRun(url: string, formFactor: 'desktop' | 'mobile'): Promise<LighthouseRun> {
  const chrome = await launchChrome({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    // Desktop uses Lighthouse's desktop preset; mobile is its default (emulated phone, simulated slow 4G, 4x CPU).
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? null;
    // Audit details are loosely typed unions; only table items with a node or a savings figure are read here.
    const items = (id: string) => ((lhr.audits[id]?.details as { items?: any[] } | undefined)?.items ?? []) as any[];
    const nodeText = (item: any): string => item?.node?.selector ?? item?.node?.snippet ?? 'unknown';
    const opportunities = Object.values(lhr.audits)
      .map((a) => ({
        title: a.title,
        ms:
          (a.details as { type?: string; overallSavingsMs?: number } | undefined)?.type === 'opportunity'
            ? ((a.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0)
            : 0,
      }))
      .filter((o) => o.ms >= 50)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((o) => `${o.title} (${Math.round(o.ms)} ms)`);
    const lcpItem = items('largest-contentful-paint-element')[0];
    const lcpNode = lcpItem?.items?.[0] ?? lcpItem;
    return {
      score:
        lhr.categories.performance?.score === null || lhr.categories.performance?.score === undefined
          ? null
          : Math.round(lhr.categories.performance.score * 100),
      lcp: metric('largest-contentful-paint'),
      cls: metric('cumulative-layout-shift'),
      fcp: metric('first-contentful-paint'),
      tbt: metric('total-blocking-time'),
      opportunities,
      lcpElement: lcpNode?.node ? nodeText(lcpNode) : null,
      shifts: items('layout-shifts')
        .slice(0, 3)
        .map((i) => `${nodeText(i)} (${Number(i.score).toFixed(3)})`),
      ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    };
  } finally {
    chrome.kill();
  }
}

async function lighthouseSeries(url: string, formFactor: 'desktop' | 'mobile', runs: number, log: (line: string) => void): Promise<LighthouseSummary> {
  const all: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await lighthouseRun(url, formFactor);
    all.push(r);
    log(
      `lighthouse ${formFactor} ${i + 1}/${runs}: score ${r.score ?? 'n/a'}, LCP ${r.lcp === null ? 'n/a' : Math.round(r.lcp)} ms, CLS ${r.cls?.toFixed(3) ?? 'n/a'}${r.error ? ` (${r.error})` : ''}`,
    );
  }
  return {
    runs: all,
    median: {
      score: median(all.map((r) => r.score)),
      lcp: median(all.map((r) => r.lcp)),
      cls: median(all.map((r) => r.cls)),
      fcp: median(all.map((r) => r.fcp)),
      tbt: median(all.map((r) => r.tbt)),
    },
  };
}

export type WebOptions = { lighthouseRuns?: number; log?: (line: string) => void };

export async function measureWeb({ lighthouseRuns = 3, log = console.log }: WebOptions = {}): Promise<WebResult> {
  if (!fs.existsSync(chromiumPath)) throw new Error(`No Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  log('\n== web: production build');
  const manifest = buildWeb();
  const { base, child, dataDir } = await startServer();
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  try {
    log(`== web: first load of ${base}/`);
    const { version, result: first } = await firstLoad(base, manifest);
    log(`first-load JS: ${first.files.length} files, ${kb(first.bytes)} KB, ${kb(first.gzip)} KB gzip`);
    const desktop = await lighthouseSeries(`${base}/`, 'desktop', lighthouseRuns, log);
    const mobile = await lighthouseSeries(`${base}/`, 'mobile', lighthouseRuns, log);
    const lighthouseVersion = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string })
      .version;
    return {
      when: new Date().toISOString().slice(0, 16).replace('T', ' '),
      browser: `Chromium ${version}`,
      lighthouseVersion,
      firstLoad: first,
      lighthouse: { desktop, mobile },
    };
  } finally {
    stop();
    process.off('exit', stop);
    await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const verdict = (ok: boolean | null) => (ok === null ? 'n/a' : ok ? 'met' : '**not met**');
const seconds = (ms: number | null) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
const runsOf = (s: LighthouseSummary, f: (r: LighthouseRun) => string) => s.runs.map(f).join(', ');

/** The "Web" section of bench/README.md: how it is measured, the budget table, and the files loaded. */
export function webSection(r: WebResult): string {
  const f = r.firstLoad;
  const { desktop, mobile } = r.lighthouse;
  const n = desktop.runs.length;
  const ok = (v: number | null, pass: (x: number) => boolean) => (v === null ? null : pass(v));
  const rows: [string, string, string, string][] = [
    [
      'home page first-load JavaScript, gzip',
      `${kb(f.gzip)} KB (${kb(f.bytes)} KB raw)`,
      `≤ ${WEB_BUDGET.firstLoadKbGzip} KB`,
      verdict(f.gzip / 1024 <= WEB_BUDGET.firstLoadKbGzip),
    ],
    ['JS files loaded by the home page / in dist', `${f.files.length} / ${f.distJsFiles}`, 'other routes lazy-loaded', '—'],
    [
      `chunks of the other ${f.otherScreenChunks} lazily loaded screen modules loaded on the home page`,
      f.otherScreenChunksLoaded.length ? f.otherScreenChunksLoaded.join(', ') : 'none',
      'none',
      verdict(f.otherScreenChunksLoaded.length === 0),
    ],
    [
      `Lighthouse performance, desktop (median of ${n})`,
      `${desktop.median.score ?? 'n/a'} (runs ${runsOf(desktop, (x) => String(x.score ?? 'error'))})`,
      `≥ ${WEB_BUDGET.desktopScore}`,
      verdict(ok(desktop.median.score, (x) => x >= WEB_BUDGET.desktopScore)),
    ],
    [
      `Lighthouse performance, mobile (median of ${n})`,
      `${mobile.median.score ?? 'n/a'} (runs ${runsOf(mobile, (x) => String(x.score ?? 'error'))})`,
      `≥ ${WEB_BUDGET.mobileScore}`,
      verdict(ok(mobile.median.score, (x) => x >= WEB_BUDGET.mobileScore)),
    ],
    ['LCP, desktop (median)', seconds(desktop.median.lcp), `< ${WEB_BUDGET.lcpMs / 1000} s`, verdict(ok(desktop.median.lcp, (x) => x < WEB_BUDGET.lcpMs))],
    ['LCP, mobile (median)', seconds(mobile.median.lcp), `< ${WEB_BUDGET.lcpMs / 1000} s`, verdict(ok(mobile.median.lcp, (x) => x < WEB_BUDGET.lcpMs))],
    ['CLS, desktop (median)', desktop.median.cls?.toFixed(3) ?? 'n/a', `< ${WEB_BUDGET.cls}`, verdict(ok(desktop.median.cls, (x) => x < WEB_BUDGET.cls))],
    ['CLS, mobile (median)', mobile.median.cls?.toFixed(3) ?? 'n/a', `< ${WEB_BUDGET.cls}`, verdict(ok(mobile.median.cls, (x) => x < WEB_BUDGET.cls))],
    ['FCP / TBT, desktop (median, for reference)', `${seconds(desktop.median.fcp)} / ${Math.round(desktop.median.tbt ?? 0)} ms`, 'none', '—'],
    ['FCP / TBT, mobile (median, for reference)', `${seconds(mobile.median.fcp)} / ${Math.round(mobile.median.tbt ?? 0)} ms`, 'none', '—'],
  ];
  const encodings = [...new Set(f.files.map((x) => x.encoding ?? 'none'))].join(', ');
  const times = `${n} time${n === 1 ? '' : 's'}`;
  // The run nearest the median score stands for its form factor in the diagnosis below.
  const typical = (x: LighthouseSummary) =>
    [...x.runs].sort((a, b) => Math.abs((a.score ?? -1e9) - (x.median.score ?? 0)) - Math.abs((b.score ?? -1e9) - (x.median.score ?? 0)))[0];
  const blame = (name: string, x: LighthouseSummary) => {
    const t = typical(x);
    if (!t) return '';
    return `- ${name}: LCP element \`${t.lcpElement ?? 'none'}\`; layout shifts: ${t.shifts.length ? t.shifts.map((v) => `\`${v}\``).join(', ') : 'none'}; largest opportunities: ${t.opportunities.length ? t.opportunities.join('; ') : 'none'}.`;
  };
  const errors = [...desktop.runs, ...mobile.runs].filter((x) => x.error).map((x) => x.error);
  return `## Web

The budgets of DESIGN.md section 12 for the web app, on a production build (\`vite build --config
web/vite.config.ts\`) served by the real server on a fresh PGlite database. First-load JavaScript: \`/\` is
opened in a fresh Chromium (1280×900, empty cache, logged out) and every JavaScript response until the
network is idle is counted, each body gzipped at zlib's default level (KB = 1,024 bytes; content encoding
the server sent: ${encodings}). The home route renders \`web/${f.homeScreenModule}\`; every other screen module of
\`web/src/app/screens.ts\` is looked up in the build manifest, and none of their chunks may be among the files
loaded. Lighthouse ${r.lighthouseVersion} (performance category only) then loads \`/\` ${times} with its desktop
preset and ${times} with its default mobile settings (emulated phone, simulated slow 4G, 4x CPU slowdown),
each in a new headless Chromium; the table gives the medians, and applies the LCP and CLS budgets to both.

Last run: ${r.when} UTC, ${os.cpus().length} cores, ${r.browser}.

| measure | value | budget | result |
|---|---|---|---|
${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

What Lighthouse points at (the run nearest the median):

${blame('desktop', desktop)}
${blame('mobile', mobile)}

JavaScript loaded by the home page, largest first:

| file | KB raw | KB gzip |
|---|---:|---:|
${f.files.map((x) => `| \`${x.file}\` | ${kb(x.bytes)} | ${kb(x.gzip)} |`).join('\n')}
${f.late.length ? `\nLoaded after the network went idle (not in the sum): ${f.late.map((p) => `\`${p}\``).join(', ')}.\n` : ''}${errors.length ? `\nLighthouse errors: ${errors.join('; ')}.\n` : ''}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
  const result = await measureWeb({ lighthouseRuns: Math.max(1, Number(values.runs)) });
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench', 'results', 'web.json'), JSON.stringify(result, null, 2));
  console.log(`\n${webSection(result)}`);
  process.exit(0);
}

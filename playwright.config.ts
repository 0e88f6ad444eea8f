import { defineConfig } from '@playwright/test';

/**
 * Storefront journey files that scripts/e2e.mjs runs in the console's suite in a whole run (E2E_BESIDE_CONSOLE,
 * names separated by commas): guests' journeys that read nothing the operators change, so that the two suites
 * end together instead of the storefront's running on alone with a core to spare.
 */
const besideConsole = (process.env.E2E_BESIDE_CONSOLE ?? '')
  .split(',')
  .filter(Boolean)
  .map((name) => `**/${name}`);

export default defineConfig({
  // scripts/e2e.mjs runs the storefront's journeys and the console's (e2e/console) each on a database of its own.
  testDir: 'e2e',
  testMatch: process.env.E2E_SUITE === 'console' ? ['**/console/**/*.spec.ts', ...besideConsole] : '**/*.spec.ts',
  testIgnore: process.env.E2E_SUITE === 'console' ? [] : ['**/console/**', ...besideConsole],
  outputDir: 'e2e/.results',
  timeout: 90_000,
  // Generous: CI machines are shared, and an answer that comes late is not a wrong answer.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    viewport: { width: 1280, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // A failed test keeps its trace (actions, network, the DOM before and after each step), without the screencast:
    // recording frames of every test in case one fails tripled the browser's CPU and doubled the suite's time.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    // Buyers who ask their system for less motion get no animations (web/src/app/providers.tsx); the journeys ask
    // too, so that no click lands on a dialog still zooming in.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});

/**
 * Loaded into the server the bench starts (`--import`): the pauses of its event loop, measured with
 * `perf_hooks.monitorEventLoopDelay` and written to `BENCH_LOOP_FILE` on SIGUSR2, which also starts a new count.
 * No part of the site loads it.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const RESOLUTION_MS = 10;
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  process.on('SIGUSR2', () => {
    // The histogram holds the time between two of its timers: what passed beyond the resolution is the pause.
    const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
    fs.writeFileSync(file, JSON.stringify({ max: ms(delay.max), p99: ms(delay.percentile(99)), mean: ms(delay.mean) }));
    delay.reset();
  });
}

import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults` (.ci/run calls it after `npm test`): real server processes made to fail (killed in the middle
 * of orders and payments, and more) and the data checked whole after. One file at a time: each starts its own
 * servers and loads them.
 */
export default defineConfig({
  test: {
    include: ['server/faults/**/*.fault.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});

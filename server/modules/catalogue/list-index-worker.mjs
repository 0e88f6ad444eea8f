// The thread that puts the goods lists' index together (list-index-build.ts): it gathers the columns read from
// the database, as text, a part at a time, and hands back the index's arrays, their memory moved rather than
// copied. Plain JavaScript that loads the TypeScript through tsx's API, so that it starts the same under tsx,
// node and the test runner. Messages: {job, columns} for each part of a whole reading, then {job, done: true};
// or {job, volatile} for each part of the sales and stock read since, then {job, renew: generation, offers} with
// the near offers read since. The columns and sort orders of the last whole readings are kept by generation (the
// job that read them), for renewals: one whose sales did not move keeps the orders and only lays the columns out
// again.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { buffersOf, gather, layout, ordersOf, withVolatile } = await tsImport('./list-index-build.ts', import.meta.url);

/** Whole readings kept for renewals: one per database a process serves is plenty (tests open several). */
const KEPT = 4;
const kept = new Map();
const gathered = new Map();

function keep(generation, reading) {
  kept.delete(generation);
  kept.set(generation, reading);
  while (kept.size > KEPT) kept.delete(kept.keys().next().value);
}

function answer(job, parts, generation) {
  parentPort.postMessage({ job, parts, generation }, buffersOf(parts));
}

parentPort.on('message', (message) => {
  const { job } = message;
  try {
    if (message.columns || message.volatile) {
      if (!gathered.has(job)) gathered.set(job, []);
      gathered.get(job).push(message.columns ?? message.volatile);
      return;
    }
    const chunks = gathered.get(job) ?? [];
    gathered.delete(job);
    if (message.done) {
      const columns = gather(chunks);
      const orders = ordersOf(columns.base);
      keep(job, { columns, orders });
      answer(job, layout(columns, orders), job);
      return;
    }
    const last = kept.get(message.renew);
    const renewed = last && withVolatile(last.columns, chunks, message.offers ?? []);
    if (!renewed) {
      parentPort.postMessage({ job });
      return;
    }
    const orders = renewed.salesMoved ? ordersOf(renewed.gathered.base) : last.orders;
    keep(message.renew, { columns: renewed.gathered, orders });
    // The texts are those of the whole reading, which the server already holds.
    answer(job, { ...layout(renewed.gathered, orders), texts: '' }, message.renew);
  } catch (err) {
    gathered.delete(job);
    parentPort.postMessage({ job, error: err instanceof Error ? err.message : String(err) });
  }
});

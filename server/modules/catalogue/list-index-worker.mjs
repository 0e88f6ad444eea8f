// The thread that puts the goods lists' index together (list-index-build.ts): it gathers the columns read from
// the database, as text, a part at a time, and hands back the index's arrays, their memory moved rather than
// copied. Plain JavaScript that loads the TypeScript through tsx's API, so that it starts the same under tsx,
// node and the test runner. Messages: {job, columns} for each part, then {job, done: true}.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { buffersOf, composeIndex } = await tsImport('./list-index-build.ts', import.meta.url);

const gathered = new Map();

parentPort.on('message', (message) => {
  const { job } = message;
  if (!message.done) {
    if (!gathered.has(job)) gathered.set(job, []);
    gathered.get(job).push(message.columns);
    return;
  }
  const chunks = gathered.get(job) ?? [];
  gathered.delete(job);
  try {
    const parts = composeIndex(chunks);
    parentPort.postMessage({ job, parts }, buffersOf(parts));
  } catch (err) {
    parentPort.postMessage({ job, error: err instanceof Error ? err.message : String(err) });
  }
});

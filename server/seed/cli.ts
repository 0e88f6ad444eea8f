/**
 * `npm run seed -- --goods 100000 [--buyers 20]`: seeds an empty database, then grows the catalogue to the
 * given number of goods and adds approved buyer accounts `buyer1`... (for benchmarks). Uses the same configuration as the server (DATA_DIR or DATABASE_URL).
 */
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { hashPassword } from '../lib/passwords.js';
import { openDatabase } from '../db/client.js';
import { goods } from '../db/schema/index.js';
import { seedPromotions } from './promotions.js';
import { seedBuyers, seedTradeAccounts, seedTradePromotions } from './trade.js';
import { DEMO_PASSWORD, DEMO_PAY_PASSWORD } from './demo-password.js';
import { seedAccounts, seedGoods, seedIfEmpty } from './seed.js';
import { seedActivityPages } from './activity-pages.js';

const { values } = parseArgs({ options: { goods: { type: 'string' }, buyers: { type: 'string' } } });
const config = loadConfig();
const wanted = values.goods ? Number(values.goods) : config.SEED_GOODS;
if (!Number.isInteger(wanted) || wanted < 0) {
  console.error('--goods 需要一个非负整数');
  process.exit(1);
}
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const started = Date.now();
await seedIfEmpty(database.db, { goods: 0 });
await seedAccounts(database.db, hashPassword);
const [{ n }] = await database.db.select({ n: count() }).from(goods);
if (n < wanted) {
  await seedGoods(database.db, wanted - n, {
    batch: 1000,
    onProgress: (done) => {
      if (done % 10_000 === 0 || done === wanted - n) console.log(`goods: ${n + done} / ${wanted}`);
    },
  });
}
await seedPromotions(database.db, Date.now());
await seedTradePromotions(database.db, Date.now());
await seedTradeAccounts(database.db, Date.now());
await seedActivityPages(database.db);
if (values.buyers) {
  // Two hashes for every buyer: argon2id is slow on purpose.
  const hashes = { password: await hashPassword(DEMO_PASSWORD), payPassword: await hashPassword(DEMO_PAY_PASSWORD) };
  await seedBuyers(database.db, Number(values.buyers), hashes);
}
await database.db.execute(sql`analyze`);
console.log(`seeded ${database.kind}: ${Math.max(n, wanted)} goods in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await database.close();

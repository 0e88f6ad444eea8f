/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the PGlite under DATA_DIR. */
import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
console.log(`migrated ${database.kind}`);
await database.close();

/** What every module's routes receive: the open database and the configuration. */
import type { Config } from './config.js';
import type { Database } from './db/client.js';

export type Deps = {
  config: Config;
  database: Database;
};

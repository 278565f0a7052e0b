import type { Config } from './config.js';
import type { Database } from './db/database.js';

/** What every route needs: configuration, database and the clock (injectable in tests). */
export interface AppContext {
  config: Config;
  db: Database;
  now: () => Date;
}

/**
 * `npm run restore -- FILE`: replaces the embedded database in DATA_DIR with a snapshot written by
 * `npm run backup`. The API must be stopped; the database replaced is kept beside it, renamed.
 */
import { ConfigError, loadConfig } from '../config.js';
import { restoreSnapshot } from '../db/backup.js';

async function main() {
  const file = process.argv[2];
  if (!file)
    throw new Error('Usage: npm run restore -- FILE (a .tar.gz written by npm run backup)');
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Error('DATABASE_URL is set: restore a PostgreSQL server with psql.');
  const { kept } = await restoreSnapshot(config.dataDir, file);
  console.log(`Restored ${file} into ${config.dataDir}.`);
  if (kept)
    console.log(`The database it replaced is kept in ${kept}; delete it once you are sure.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});

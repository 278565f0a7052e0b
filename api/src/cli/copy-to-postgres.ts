/**
 * `npm run copy-to-postgres -- postgres://...`: moves from the embedded database (DATA_DIR, the
 * API stopped) to a PostgreSQL server with an empty database. Then start the API with
 * DATABASE_URL set to that server. The embedded database is left as it was.
 */
import { ConfigError, loadConfig } from '../config.js';
import { copyToServer } from '../db/copy-to-server.js';
import { openEmbeddedDatabase, openServerDatabase } from '../db/database.js';

async function main() {
  const target = process.argv[2];
  if (!target?.startsWith('postgres')) {
    throw new Error('Usage: npm run copy-to-postgres -- postgres://user@host:port/database');
  }
  const { DATABASE_URL: _server, ...env } = process.env;
  const config = loadConfig(env);
  const from = await openEmbeddedDatabase(config.dataDir);
  try {
    const to = await openServerDatabase(target);
    try {
      const copied = await copyToServer(from, to);
      for (const [table, n] of Object.entries(copied)) console.log(`${table}: ${n} rows`);
      console.log(
        `Copied ${config.dataDir} to the server. Start the API with DATABASE_URL set to it.`,
      );
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});

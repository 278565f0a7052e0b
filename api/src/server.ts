import { sweepAccountFiles } from './account/sweep-account-files.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { SWEEP_INTERVAL_MS, sweepExpired } from './db/sweep-expired.js';
import { localFolderStorage } from './storage/local-folder-storage.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config);
  await migrate(db);
  const storage = localFolderStorage(config.storageDir);
  const sweep = async () => {
    await sweepExpired(db, new Date());
    await sweepAccountFiles(db, storage, new Date());
  };
  await sweep();

  const app = await buildApp({
    config,
    db,
    storage,
    runJobs: true,
    prettyLogs: config.env === 'development' && process.stdout.isTTY === true,
  });

  const sweeper = setInterval(() => {
    sweep().catch((error: unknown) =>
      app.log.error({ err: error }, 'deleting expired rows failed'),
    );
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(sweeper);
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `API ready on http://${config.host}:${config.port} (${config.databaseUrl ? 'PostgreSQL server' : `embedded database in ${config.dataDir}`})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error('The API could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});

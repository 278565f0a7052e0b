import { sweepAccountFiles } from './account/sweep-account-files.js';
import { buildApp } from './app.js';
import { startDevelopmentSignIn } from './auth/development-sign-in.js';
import { createOAuthProviders } from './auth/oauth-providers.js';
import { ConfigError, loadConfig } from './config.js';
import { answerBackupRequest, BACKUP_SIGNAL } from './db/backup.js';
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

  // A convenience: if it cannot start (say, an install without development dependencies), the
  // providers without credentials show as unavailable, as they would without it.
  const developmentSignIn = await startDevelopmentSignIn(config).catch((error: unknown) => {
    console.warn(
      `The development sign-in could not start (${error instanceof Error ? error.message : error}); providers without credentials show as unavailable.`,
    );
    return null;
  });
  const app = await buildApp({
    config,
    db,
    storage,
    runJobs: true,
    prettyLogs: config.env === 'development' && process.stdout.isTTY === true,
    oauthProviders: { ...createOAuthProviders(config), ...developmentSignIn?.providers },
  });
  if (developmentSignIn) {
    app.log.info(
      `Development sign-in: ${config.developmentSignIn.join(' and ')} sign in through a local identity provider at ${developmentSignIn.issuer} (any e-mail, no password). Set their credentials, or DEVELOPMENT_SIGN_IN=off, to turn it off.`,
    );
  }

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
      await developmentSignIn?.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // `npm run backup` asks for a snapshot of the embedded database this way (db/backup.ts).
  const { embedded } = db;
  if (embedded) {
    process.on(BACKUP_SIGNAL, () => {
      answerBackupRequest(config.dataDir, embedded).then(
        (target) => app.log.info({ target }, 'backup written'),
        (error: unknown) => app.log.error({ err: error }, 'backup failed'),
      );
    });
  }
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

import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createProjectBody } from '../testing/project-bodies.js';
import { tableChecksums } from '../testing/table-checksums.js';
import { startTestApi } from '../testing/test-api.js';
import { copyToServer } from './copy-to-server.js';
import { openServerDatabase } from './database.js';

/**
 * Moving from the embedded database to PostgreSQL (README, "Backups and moving to
 * PostgreSQL"). It needs a server: it runs in the PostgreSQL stage of `npm test`.
 */
describe.runIf(process.env.TEST_DATABASE_URL)(
  'copy from the embedded database to PostgreSQL',
  () => {
    it('copies every row of every table, and refuses a server that has rows', async () => {
      const serverUrl = process.env.TEST_DATABASE_URL ?? '';
      // The source: an embedded database with users, sessions, projects and their history.
      const source = await (async () => {
        const saved = process.env.TEST_DATABASE_URL;
        delete process.env.TEST_DATABASE_URL;
        try {
          return await startTestApi();
        } finally {
          process.env.TEST_DATABASE_URL = saved;
        }
      })();
      const ana = await source.signIn('copy@example.com');
      const created = await source.request('POST', '/api/projects', {
        as: ana,
        body: createProjectBody(),
      });
      const { id } = (await created.json()) as { id: string };
      await source.request('PATCH', `/api/projects/${id}`, { as: ana, body: { groupSize: '5' } });

      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const name = `trek_copy_${Date.now()}`;
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const target = await openServerDatabase(url.href);
      try {
        const copied = await copyToServer(source.db, target);
        expect(copied.projects).toBe(1);
        // The group size, and the description written from it.
        expect(copied.project_changes).toBe(2);
        // Every table alike but the migrations' log (when each was applied, here and there).
        const { schema_migrations: _there, ...copiedTables } = await tableChecksums(target);
        const { schema_migrations: _here, ...sourceTables } = await tableChecksums(source.db);
        expect(copiedTables).toEqual(sourceTables);
        await expect(copyToServer(source.db, target)).rejects.toThrow(/has rows already/);
      } finally {
        await target.close();
        await source.close();
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
      }
    });
  },
);

/**
 * Operator and test tool: finds or creates a user by e-mail and opens a session for it, printing
 * `{ cookieName, token, userId }` as JSON. It needs direct database access (same configuration as
 * the API) and, for the embedded database, the API must not be running on the same data folder.
 *
 *   node dist/create-session.js --email ana@example.com [--first-name Ana] [--last-name Quispe]
 */
import { parseArgs } from 'node:util';
import { emailSchema } from '@trek/shared/schemas';
import { z } from 'zod';
import { createSession, sessionCookieName } from '../auth/sessions.js';
import { findOrCreateUserByEmail, recordProvenEmail } from '../auth/users.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';

const argsSchema = z.object({
  email: emailSchema,
  'first-name': z.string().optional(),
  'last-name': z.string().optional(),
});

try {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const args = argsSchema.parse(values);
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const userId = await findOrCreateUserByEmail(db, {
      email: args.email,
      firstName: args['first-name'] ?? null,
      lastName: args['last-name'] ?? null,
    });
    await recordProvenEmail(db, userId, args.email);
    const token = await createSession(db, userId, new Date());
    console.log(JSON.stringify({ cookieName: sessionCookieName(config), token, userId }));
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof z.ZodError ? error.message : error,
  );
  process.exit(1);
}

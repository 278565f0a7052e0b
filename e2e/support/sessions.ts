import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { BASE_URL } from './suite-env';

export const SESSIONS_FILE = join(import.meta.dirname, '../test-results/.sessions.json');

export interface SeededSession {
  cookieName: string;
  token: string;
  userId: string;
}

export type Role = 'traveler' | 'admin';

export function seededSession(role: Role): SeededSession {
  return JSON.parse(readFileSync(SESSIONS_FILE, 'utf8'))[role];
}

/**
 * Signs the browser context in as the seeded traveler or admin (cookies are per host).
 */
export async function signIn(context: BrowserContext, role: Role): Promise<void> {
  const session = seededSession(role);
  await context.addCookies([
    {
      name: session.cookieName,
      value: session.token,
      url: BASE_URL,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
}

import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { hashToken } from './sessions.js';

/**
 * A random value in an httpOnly cookie ties an OAuth flow (and a linking token) to the browser
 * that started it: a callback URL or a conflict link sent to someone else is refused, so nobody
 * can be signed in to, or link a provider to, another person's account (login CSRF).
 */
export function browserCookieName(config: Pick<Config, 'env'>): string {
  return config.env === 'production' ? '__Host-trek_browser' : 'trek_browser';
}

const BROWSER_VALUE = /^[\w-]{43}$/;

/** The browser's binding value, created (and its cookie set) on first use. */
export function bindBrowser(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const existing = request.cookies[browserCookieName(config)];
  const value =
    existing && BROWSER_VALUE.test(existing) ? existing : randomBytes(32).toString('base64url');
  reply.setCookie(browserCookieName(config), value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env === 'production',
    path: '/',
    // Long enough for a sign-in, a conflict and the magic link that settles it; it grants nothing.
    maxAge: 24 * 60 * 60,
  });
  return value;
}

/** The hash of the browser's binding value, or null when it has none. */
export function browserHash(request: FastifyRequest, config: Config): string | null {
  const value = request.cookies[browserCookieName(config)];
  return value && BROWSER_VALUE.test(value) ? hashToken(value) : null;
}

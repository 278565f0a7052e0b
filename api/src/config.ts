import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The api/ folder (the nearest package.json up), whether running from src/ or the dist/ bundle. */
export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  API_PORT: port.default(4000),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default(resolve(PACKAGE_ROOT, '../.data')),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PUBLIC_ORIGIN: z
    .url()
    .transform((value) => new URL(value).origin)
    .default('http://localhost:3000'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute per client address across the API. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** smtp://user:pass@host:port; without it links are logged (never in production answers). */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('TrekPeru <no-reply@trekperu.example>'),
  /** Magic-link requests allowed per e-mail address, and per client address, in 15 minutes. */
  MAGIC_LINK_RATE_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  MAGIC_LINK_RATE_PER_IP: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  env: 'development' | 'production' | 'test';
  publicOrigin: string;
  adminEmails: string[];
  logLevel: string;
  rateLimitPerMinute: number;
  trustProxy: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  magicLinkRatePerEmail: number;
  magicLinkRatePerIp: number;
};

/** Reads the configuration; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'configuration');
    throw new ConfigError(
      `Invalid ${name}: ${issue?.message ?? 'bad value'} (got "${env[name] ?? ''}")`,
    );
  }
  const c = parsed.data;
  return {
    port: c.API_PORT,
    host: c.API_HOST,
    databaseUrl: c.DATABASE_URL,
    dataDir: resolve(c.DATA_DIR),
    env: c.NODE_ENV,
    publicOrigin: c.PUBLIC_ORIGIN,
    adminEmails: c.ADMIN_EMAILS,
    logLevel: c.LOG_LEVEL,
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    trustProxy: c.TRUST_PROXY,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    magicLinkRatePerEmail: c.MAGIC_LINK_RATE_PER_EMAIL,
    magicLinkRatePerIp: c.MAGIC_LINK_RATE_PER_IP,
  };
}

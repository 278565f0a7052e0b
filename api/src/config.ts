import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLoopback } from '@trek/shared/contract';
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
  /** Folder of profile photos and data exports (the local object store); DATA_DIR/storage. */
  STORAGE_DIR: z.string().min(1).optional(),
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
        // Normalised as every stored address is (docs/product/sign-in.md, "E-mail addresses").
        .map((email) => email.trim().normalize('NFC').toLowerCase())
        .filter(Boolean),
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute per client address across the API. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** smtp://user:pass@host:port; without it links are logged (never in production answers). */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('TrekPeru <no-reply@trekperu.example>'),
  /**
   * Magic-link requests allowed in 15 minutes for one e-mail from one client address, and from
   * one client address in all.
   */
  MAGIC_LINK_RATE_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  MAGIC_LINK_RATE_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Sign-in e-mails sent to one address in an hour, whoever asks (against mail bombing). */
  MAGIC_LINK_MAILS_PER_EMAIL: z.coerce.number().int().min(1).default(30),
  /** Social sign-ins one client address may start in 10 minutes (each stores a row). */
  OAUTH_STARTS_PER_IP: z.coerce.number().int().min(1).default(30),
  /**
   * Megabytes of profile photos uploaded and not yet applied the store may hold at once, from
   * everyone; beyond it uploads are refused (503) until some are applied or swept.
   */
  UNAPPLIED_UPLOADS_MAX_MB: z.coerce.number().int().min(5).default(2048),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** OpenID Connect issuer of Google (discovery document under it). */
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTHORIZATION_URL: z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z
    .url()
    .default('https://graph.facebook.com/me?fields=id,email,first_name,last_name'),
  /** When set, Facebook is reached as an OpenID Connect issuer instead (a local test server). */
  FACEBOOK_ISSUER: z.url().optional(),
  /**
   * The business WhatsApp number guides write to, as the activation links need it: 8 to 15
   * digits. Any other value does not stop the API: the admin page says 'Configuration Error'
   * where a link is asked for (docs/product/admin.md), and start-up logs a warning.
   */
  WHATSAPP_NUMBER: z.string().trim().optional(),
  /** The Meta app secret that signs the WhatsApp webhook's calls (X-Hub-Signature-256). */
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  /** The token Meta sends back in the webhook's verification handshake (hub.verify_token). */
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  /**
   * `auto`: in development on this machine, a provider without credentials signs in through a
   * local identity provider the API starts (see developmentSignIn); `off`: never.
   */
  DEVELOPMENT_SIGN_IN: z.enum(['auto', 'off']).default('auto'),
  /**
   * Which proxies in front of the API to believe for the client address (X-Forwarded-For).
   * `loopback` (default): one hop, and only when it connects from this machine (the host's
   * server, which overwrites the header), so a client reaching an API that listens on 0.0.0.0
   * directly cannot choose its address. A number N: the nearest N hops, wherever they connect
   * from (a proxy on another machine). `false`: none. `true` would take the left-most address,
   * which any client can write, and defeat the per-address rate limits.
   */
  TRUST_PROXY: z
    .union([z.enum(['false', 'loopback']), z.coerce.number().int().min(0).max(10)])
    .default('loopback')
    .transform((value) => (value === 'false' ? 0 : value)),
});

/** Every variable the API reads: the README's Configuration table documents each (tested). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as ReadonlyArray<
  keyof typeof envSchema.shape
>;

type SocialProvider = 'google' | 'facebook';

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Folder of the local object store (profile photos, data exports). */
  storageDir: string;
  env: 'development' | 'production' | 'test';
  publicOrigin: string;
  /** Magic links in answers ('Use test link'): development on this machine only. */
  exposeMagicLinks: boolean;
  adminEmails: string[];
  logLevel: string;
  rateLimitPerMinute: number;
  /** Number of trusted proxy hops (0: none), or one hop connecting from this machine. */
  trustProxy: number | 'loopback';
  smtpUrl: string | undefined;
  mailFrom: string;
  magicLinkRatePerEmail: number;
  magicLinkRatePerIp: number;
  magicLinkMailsPerEmail: number;
  oauthStartsPerIp: number;
  /** The ceiling on the bytes of uploaded photos not yet applied (UNAPPLIED_UPLOADS_MAX_MB). */
  unappliedUploadsMaxBytes: number;
  /** The WhatsApp Cloud API's settings; each is null when not set (docs/product/admin.md). */
  whatsapp: {
    number: string | null;
    appSecret: string | null;
    verifyToken: string | null;
  };
  oauth: {
    google: { clientId: string; clientSecret: string; issuer: string } | null;
    facebook: {
      clientId: string;
      clientSecret: string;
      authorizationUrl: string;
      tokenUrl: string;
      userinfoUrl: string;
      issuer: string | undefined;
    } | null;
  };
  /**
   * Providers without credentials that sign in through the local development identity provider:
   * only under NODE_ENV=development on a localhost PUBLIC_ORIGIN, never in production.
   */
  developmentSignIn: SocialProvider[];
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
      `Invalid ${name}: ${issue?.message ?? 'bad value'} (${refusedValue(name, env[name] ?? '')})`,
    );
  }
  const c = parsed.data;
  const google =
    c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
      ? {
          clientId: c.GOOGLE_CLIENT_ID,
          clientSecret: c.GOOGLE_CLIENT_SECRET,
          issuer: c.GOOGLE_ISSUER,
        }
      : null;
  const facebook =
    c.FACEBOOK_CLIENT_ID && c.FACEBOOK_CLIENT_SECRET
      ? {
          clientId: c.FACEBOOK_CLIENT_ID,
          clientSecret: c.FACEBOOK_CLIENT_SECRET,
          authorizationUrl: c.FACEBOOK_AUTHORIZATION_URL,
          tokenUrl: c.FACEBOOK_TOKEN_URL,
          userinfoUrl: c.FACEBOOK_USERINFO_URL,
          issuer: c.FACEBOOK_ISSUER,
        }
      : null;
  // A stand-in that signs anyone in: only for a developer's own machine, never a real site.
  const developmentSignIn =
    c.NODE_ENV === 'development' &&
    isLocalOrigin(c.PUBLIC_ORIGIN) &&
    c.DEVELOPMENT_SIGN_IN === 'auto'
      ? (['google', 'facebook'] as const).filter((name) => !{ google, facebook }[name])
      : [];
  return {
    port: c.API_PORT,
    host: c.API_HOST,
    databaseUrl: c.DATABASE_URL,
    dataDir: resolve(c.DATA_DIR),
    storageDir: resolve(c.STORAGE_DIR ?? join(c.DATA_DIR, 'storage')),
    env: c.NODE_ENV,
    publicOrigin: c.PUBLIC_ORIGIN,
    // A site served from a real domain never hands out links, even if NODE_ENV was left unset:
    // a link in the answer lets anyone sign in as any address.
    exposeMagicLinks: c.NODE_ENV !== 'production' && isLocalOrigin(c.PUBLIC_ORIGIN),
    adminEmails: c.ADMIN_EMAILS,
    logLevel: c.LOG_LEVEL,
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    trustProxy: c.TRUST_PROXY,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    magicLinkRatePerEmail: c.MAGIC_LINK_RATE_PER_EMAIL,
    magicLinkRatePerIp: c.MAGIC_LINK_RATE_PER_IP,
    magicLinkMailsPerEmail: c.MAGIC_LINK_MAILS_PER_EMAIL,
    oauthStartsPerIp: c.OAUTH_STARTS_PER_IP,
    unappliedUploadsMaxBytes: c.UNAPPLIED_UPLOADS_MAX_MB * 1024 * 1024,
    whatsapp: {
      number: c.WHATSAPP_NUMBER || null,
      appSecret: c.WHATSAPP_APP_SECRET ?? null,
      verifyToken: c.WHATSAPP_VERIFY_TOKEN ?? null,
    },
    // A provider without credentials is unavailable (shown so) rather than failing at callback.
    oauth: { google, facebook },
    developmentSignIn,
  };
}

/** Settings whose value is itself a secret: named so (client secrets, tokens, passwords, keys). */
const SECRET_SETTING = /SECRET|TOKEN|PASSWORD|KEY/i;

/**
 * How a refused value is shown in the error, which ends up in logs: a secret setting's value never
 * is, nor a URL's password (`postgres://app:***@db/trek`), even a URL too malformed to parse.
 */
export function refusedValue(name: string, value: string): string {
  if (SECRET_SETTING.test(name)) return 'value not shown: it is a secret';
  // The password runs from the colon after the user to the last @ (as URL parsers read it).
  const at = value.lastIndexOf('@');
  const slashes = value.indexOf('//');
  const colon = value.indexOf(':', slashes === -1 ? 0 : slashes + 2);
  const shown =
    at !== -1 && colon !== -1 && colon < at
      ? `${value.slice(0, colon + 1)}***${value.slice(at)}`
      : value;
  // A password may also ride in the query (`?password=`), as the PostgreSQL client reads it.
  const query = /([?&][^=&#]*(?:secret|token|password|pass|pwd|key)[^=&#]*=)[^&#]*/gi;
  return `got "${shown.replace(query, '$1***')}"`;
}

function isLocalOrigin(origin: string): boolean {
  const { hostname } = new URL(origin);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY: whether the hop `hop` away from the socket (0: the
 * socket's peer), at `address`, is a proxy whose X-Forwarded-For is believed.
 */
export function proxyTrust(config: Pick<Config, 'trustProxy'>) {
  const { trustProxy } = config;
  return (address: string, hop: number): boolean =>
    trustProxy === 'loopback' ? hop === 0 && isLoopback(address) : hop < trustProxy;
}

import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { OAuthProvider, ProviderName } from './auth/oauth-providers.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/database.js';
import { registerErrorHandling, TOO_MANY_REQUESTS } from './http/errors.js';
import { databaseRateLimitStore } from './http/rate-limit-store.js';
import { registerSameOriginCheck } from './http/same-origin.js';
import { type Mailer, smtpMailer } from './mail/mailer.js';
import { registerAuthRoutes } from './routes/auth.js';
import { registerAuthMethodRoutes } from './routes/auth-methods.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerMagicLinkRoutes } from './routes/magic-link.js';
import { registerOAuthRoutes } from './routes/oauth.js';
import { registerProjectRoutes } from './routes/projects.js';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  now?: () => Date;
  /** Pretty, human-readable logs (development in a terminal). */
  prettyLogs?: boolean;
  /** Sends e-mail; by default SMTP from SMTP_URL, none without it. */
  mailer?: Mailer | null;
  /** OAuth providers; by default those with credentials in the configuration. */
  oauthProviders?: Partial<Record<ProviderName, OAuthProvider>>;
}

function loggerOptions(config: Config, pretty: boolean) {
  if (config.env === 'test') return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
      : {}),
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const ctx: AppContext = { config, db, now: options.now ?? (() => new Date()) };

  const app = Fastify({
    logger: loggerOptions(config, options.prettyLogs ?? false),
    // Trust the nearest `config.trustProxy` hops (proxy-addr counts from the socket outwards).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    bodyLimit: 64 * 1024,
  });

  registerErrorHandling(app);
  // /api speaks JSON only: any other body is answered 415 by Fastify.
  app.removeContentTypeParser(['text/plain']);
  registerSameOriginCheck(app, [config.publicOrigin]);

  await app.register(cookie);
  await app.register(helmet, {
    // JSON answers and a few tiny server-rendered pages: nothing is embedded from elsewhere.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: ["'unsafe-inline'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    store: databaseRateLimitStore(db, ctx.now),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: TOO_MANY_REQUESTS,
      retryAfterMs: context.ttl,
    }),
  });

  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerAuthMethodRoutes(app, ctx);
  const mailer =
    options.mailer !== undefined
      ? options.mailer
      : config.smtpUrl
        ? smtpMailer(config.smtpUrl, config.mailFrom)
        : null;
  registerMagicLinkRoutes(app, ctx, mailer);
  registerProjectRoutes(app, ctx);
  registerOAuthRoutes(app, ctx, options.oauthProviders);

  return app;
}

import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { API_PATHS, isApiPath } from '@trek/shared/contract';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { DATA_EXPORT_JOB, dataExportJob } from './account/data-export.js';
import { decorateSessions } from './auth/current-session.js';
import type { OAuthProvider, ProviderName } from './auth/oauth-providers.js';
import { type Config, proxyTrust } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/database.js';
import { clientAddressKey } from './http/client-address.js';
import {
  frameworkErrorHandler,
  HttpError,
  registerErrorHandling,
  TOO_MANY_REQUESTS,
} from './http/errors.js';
import { REDACTED_LOG_PATHS, serializeRequest } from './http/log-redaction.js';
import { memoryRateLimitStore } from './http/rate-limit-store.js';
import { registerSameOriginCheck } from './http/same-origin.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { useZodSchemas } from './http/zod-type-provider.js';
import { createJobRunner, type JobRunner } from './jobs/job-queue.js';
import { type Mailer, smtpMailer } from './mail/mailer.js';
import { registerAccountRoutes } from './routes/account.js';
import { registerAdminGuideRoutes } from './routes/admin-guides.js';
import { registerAuthRoutes } from './routes/auth.js';
import { registerAuthMethodRoutes } from './routes/auth-methods.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerMagicLinkRoutes } from './routes/magic-link.js';
import { registerOAuthRoutes } from './routes/oauth.js';
import { registerProfileRoutes } from './routes/profile.js';
import { registerProfileImageRoutes } from './routes/profile-image.js';
import { registerProjectEditRoutes } from './routes/project-edits.js';
import { registerProjectRoutes } from './routes/projects.js';
import { registerUserSettingsRoutes } from './routes/user-settings.js';
import { registerWhatsappWebhookRoutes, WHATSAPP_WEBHOOK_PATH } from './routes/whatsapp-webhook.js';
import { localFolderStorage } from './storage/local-folder-storage.js';
import type { ObjectStorage } from './storage/object-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The jobs table's runner (docs/decisions/0040-jobs-table.md). */
    jobs: JobRunner;
  }
}

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
  /** Where log lines go (tests read them); by default stdout, and none under NODE_ENV=test. */
  logStream?: { write(line: string): void };
  /** Where photos and exports are kept; by default the folder STORAGE_DIR. */
  storage?: ObjectStorage;
  /** Polls the jobs table (the API process does; tests run jobs by hand with `app.jobs`). */
  runJobs?: boolean;
  /** Sees each route as it is registered: the authorization matrix and the fuzzer start from them. */
  onRoute?: (route: RouteOptions) => void;
}

/** Refuses a byte sequence that is not UTF-8 instead of replacing it. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Body size limits: JSON calls are small; the largest, a trek request, stays under 16 kB. */
export const BODY_LIMIT_BYTES = 16 * 1024;

function loggerOptions(config: Config, pretty: boolean, stream: BuildAppOptions['logStream']) {
  if (config.env === 'test' && !stream) return false;
  return {
    level: config.logLevel,
    // Secrets never reach a log line: token-bearing URLs are redacted in the request itself.
    serializers: { req: serializeRequest },
    redact: REDACTED_LOG_PATHS,
    ...(stream ? { stream } : {}),
    ...(pretty && !stream
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
      : {}),
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const ctx: AppContext = { config, db, now: options.now ?? (() => new Date()) };

  const app = Fastify({
    logger: loggerOptions(config, options.prettyLogs ?? false, options.logStream),
    // TRUST_PROXY's hops (proxy-addr counts from the socket outwards).
    trustProxy: proxyTrust(config),
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: frameworkErrorHandler,
  });

  // The host's origin forwards only API_PATHS here: a route outside them could never be reached
  // by a browser, so it is refused at start-up instead of shipped.
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) {
      throw new Error(`${route.url} is outside the API's paths (${API_PATHS.join(', ')})`);
    }
    options.onRoute?.(route);
  });
  useZodSchemas(app);
  decorateSessions(app);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  // /api speaks JSON only: any other body is answered 415 by Fastify.
  app.removeContentTypeParser(['text/plain', 'application/json']);
  // An empty JSON body is no body: logout with `Content-Type: application/json` and nothing else
  // must still sign out. A route that needs a body says so in its schema.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    // Read as a string, invalid bytes would become U+FFFD and be stored as if typed: only valid
    // Unicode is accepted (docs/product/site.md, "Text the API accepts").
    let text: string;
    try {
      text = STRICT_UTF8.decode(body as Buffer);
    } catch {
      return done(new HttpError(400, 'VALIDATION', 'The request body is not valid UTF-8'));
    }
    return text === '' ? done(null, undefined) : parseJson(request, text, done);
  });
  // Meta's servers call the WhatsApp webhook, proving themselves by its signed body (issue 12).
  registerSameOriginCheck(
    app,
    [config.publicOrigin],
    [{ method: 'POST', url: WHATSAPP_WEBHOOK_PATH }],
  );

  await app.register(cookie);
  // JSON answers over 1 kB (a project list) go out compressed to browsers that accept it.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    store: memoryRateLimitStore(ctx.now),
    keyGenerator: (request) => clientAddressKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'RATE_LIMITED', TOO_MANY_REQUESTS, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
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
  registerProjectEditRoutes(app, ctx);
  registerOAuthRoutes(app, ctx, options.oauthProviders);
  // Admin guide management and the WhatsApp webhook (issue 12).
  await registerAdminGuideRoutes(app, ctx);
  await registerWhatsappWebhookRoutes(app, ctx);

  // The account remote's calls: settings, profile, photos, export and deletion.
  const storage = options.storage ?? localFolderStorage(config.storageDir);
  const jobs = createJobRunner({
    db,
    now: ctx.now,
    log: app.log,
    handlers: { [DATA_EXPORT_JOB]: dataExportJob(ctx, storage, mailer, app.log) },
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  if (options.runJobs) app.addHook('onReady', async () => jobs.start());
  registerUserSettingsRoutes(app, ctx);
  registerProfileRoutes(app, ctx, mailer);
  registerProfileImageRoutes(app, ctx, storage);
  registerAccountRoutes(app, ctx, storage, jobs);

  return app;
}

import { emailSchema, personNameSchema } from '@trek/shared/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { browserHash } from '../auth/browser-binding.js';
import {
  CONTINUE_PAGE_CSP,
  continuePage,
  expiredPage,
  notLinkedPage,
} from '../auth/magic-link-pages.js';
import { createMagicLink, findValidMagicLink, safeRedirectPath } from '../auth/magic-links.js';
import {
  createSession,
  deleteSession,
  hashToken,
  sessionToken,
  setSessionCookie,
} from '../auth/sessions.js';
import { claimUnprovenAccount, findOrCreateUserByEmail, recordProvenEmail } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { HttpError, parseInput } from '../http/errors.js';
import { countHit } from '../http/rate-limit-store.js';
import { magicLinkEmail } from '../mail/magic-link-email.js';
import type { Mailer } from '../mail/mailer.js';

const RATE_WINDOW_MS = 15 * 60 * 1000;
const RATE_LIMITED = 'Too many requests. Please try again in a minute.';

const requestSchema = z.object({
  email: emailSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
  redirectTo: z.string().max(500).optional(),
});

const tokenSchema = z.object({ token: z.string().min(20).max(200) });

const linkingRequestSchema = z.object({
  email: emailSchema,
  purpose: z.literal('account_linking'),
  linkingToken: z.string().min(20).max(200),
  provider: z.enum(['google', 'facebook']),
});

const LINKING_EXPIRED = 'This request has expired. Please sign in with your provider again.';

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .send(html);
}

export function registerMagicLinkRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  mailer: Mailer | null,
): void {
  const { config, db } = ctx;

  async function checkRate(request: FastifyRequest, email: string, now: Date) {
    const [perEmail, perIp] = await Promise.all([
      countHit(db, `magic-link:email:${email}`, RATE_WINDOW_MS, now),
      countHit(db, `magic-link:ip:${request.ip}`, RATE_WINDOW_MS, now),
    ]);
    if (perEmail.count > config.magicLinkRatePerEmail || perIp.count > config.magicLinkRatePerIp) {
      throw new HttpError(429, RATE_LIMITED);
    }
  }

  /** E-mails the link; the answer is the same whether or not an account exists. */
  async function deliver(
    request: FastifyRequest,
    email: string,
    firstName: string | null,
    token: string,
    linking?: string,
  ) {
    const link = `${config.publicOrigin}/api/auth/magic-link?token=${token}`;
    if (mailer) {
      try {
        await mailer.send(magicLinkEmail(email, firstName, link, linking));
      } catch (error) {
        request.log.error({ err: error }, 'magic link e-mail could not be sent');
        throw new HttpError(502, 'Could not send the e-mail. Please try again.');
      }
    } else if (config.env !== 'production') {
      request.log.info({ email }, `magic link (no SMTP_URL set): ${link}`);
    }
    // The link itself is returned only outside production ('Use test link').
    return {
      success: true,
      message: 'Check your email for a sign-in link.',
      ...(config.exposeMagicLinks ? { magicLink: link } : {}),
    };
  }

  app.post('/api/auth/request-magic-link', async (request) => {
    const input = parseInput(requestSchema, request.body);
    const email = input.email.toLowerCase();
    const now = ctx.now();
    await checkRate(request, email, now);
    const token = await createMagicLink(
      db,
      {
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        redirectTo: safeRedirectPath(input.redirectTo),
      },
      now,
    );
    return deliver(request, email, input.firstName, token);
  });

  // The conflict page: the owner of the e-mail proves it, then the provider account is linked.
  app.post('/api/auth/send-magic-link', async (request) => {
    const input = parseInput(linkingRequestSchema, request.body);
    const email = input.email.toLowerCase();
    const now = ctx.now();
    await checkRate(request, email, now);
    const { rows } = await db.query<{ email: string }>(
      'select email from linking_tokens where token_hash = $1 and provider = $2 and expires_at > $3',
      [hashToken(input.linkingToken), input.provider, now],
    );
    if (rows[0]?.email.toLowerCase() !== email) {
      throw new HttpError(400, LINKING_EXPIRED, 'LINKING_EXPIRED');
    }
    const token = await createMagicLink(
      db,
      {
        email,
        firstName: null,
        lastName: null,
        redirectTo: '/u/projects',
        purpose: 'account_linking',
        linkingTokenHash: hashToken(input.linkingToken),
      },
      now,
    );
    return deliver(request, email, null, token, input.provider);
  });

  app.get('/api/auth/magic-link', async (request, reply) => {
    const parsed = tokenSchema.safeParse(request.query);
    const link = parsed.success ? await findValidMagicLink(db, parsed.data.token, ctx.now()) : null;
    if (!parsed.success || !link) return sendHtml(reply, 410, expiredPage());
    const linking = link.linking_token_hash
      ? await db.query<{ provider: string }>(
          'select provider from linking_tokens where token_hash = $1',
          [link.linking_token_hash],
        )
      : null;
    reply.header('Content-Security-Policy', CONTINUE_PAGE_CSP);
    return sendHtml(
      reply,
      200,
      continuePage(parsed.data.token, link.email, linking?.rows[0]?.provider),
    );
  });

  // The one form POST of the API (the Continue button); the Origin check applies as everywhere.
  app.register(async (formScope) => {
    formScope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    formScope.post('/api/auth/magic-link', async (request, reply) => {
      const parsed = tokenSchema.safeParse(request.body);
      if (!parsed.success) return sendHtml(reply, 410, expiredPage());
      const previous = sessionToken(request, config);
      const browser = browserHash(request, config);
      const now = ctx.now();
      const result = await db.transaction(async (tx) => {
        let notLinked: string | null = null;
        const link = await findValidMagicLink(tx, parsed.data.token, now, { lock: true });
        if (!link) return null;
        const userId = await findOrCreateUserByEmail(tx, {
          email: link.email,
          firstName: link.first_name,
          lastName: link.last_name,
        });
        await claimUnprovenAccount(tx, userId);
        await recordProvenEmail(tx, userId, link.email);
        if (link.purpose === 'account_linking' && link.linking_token_hash) {
          // The e-mail is proven: the provider account waiting on it is linked, once.
          const pending = await tx.query<{
            provider: string;
            subject: string;
            email: string;
            email_verified: boolean;
            browser_hash: string | null;
          }>(
            `delete from linking_tokens where token_hash = $1 and expires_at > $2
             returning provider, subject, email, email_verified, browser_hash`,
            [link.linking_token_hash, now],
          );
          const account = pending.rows[0];
          // Only in the browser that signed in with the provider: someone who got a linking
          // token for this e-mail cannot have the owner link their provider account by mail.
          if (account && (!account.browser_hash || account.browser_hash !== browser)) {
            notLinked = account.provider;
          } else if (account) {
            await tx.query(
              `insert into auth_identities (user_id, provider, subject, email, email_verified)
               values ($1, $2, $3, $4, $5) on conflict (provider, subject) do nothing`,
              [userId, account.provider, account.subject, account.email, account.email_verified],
            );
          }
        }
        await tx.query('delete from magic_links where token_hash = $1', [link.token_hash]);
        // A fresh session at every sign-in: a session fixed before it is never promoted.
        if (previous) await deleteSession(tx, hashToken(previous));
        const token = await createSession(tx, userId, now);
        return { token, redirectTo: safeRedirectPath(link.redirect_to), notLinked };
      });
      if (!result) return sendHtml(reply, 410, expiredPage());
      setSessionCookie(reply, config, result.token);
      reply.header('Referrer-Policy', 'no-referrer');
      if (result.notLinked) {
        return sendHtml(reply, 200, notLinkedPage(result.notLinked, result.redirectTo));
      }
      return reply.redirect(result.redirectTo, 303);
    });
  });
}

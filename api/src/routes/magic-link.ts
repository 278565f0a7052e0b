import { DEFAULT_RETURN_TO, PATHS, SAVED_ANSWERS_COOKIE } from '@trek/shared/contract';
import {
  emptyRequestSchema,
  linkingMagicLinkRequestSchema,
  type MagicLinkResponse,
  magicLinkRequestSchema,
  magicLinkResponseSchema,
  rateLimitMessage,
} from '@trek/shared/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { browserHash } from '../auth/browser-binding.js';
import { sessionOf, signedInHook } from '../auth/current-session.js';
import {
  CONTINUE_PAGE_CSP,
  continuePage,
  expiredPage,
  notLinkedPage,
} from '../auth/magic-link-pages.js';
import {
  createMagicLink,
  findValidMagicLink,
  MAGIC_LINK_TTL_MS,
  redirectLocation,
  safeRedirectPath,
} from '../auth/magic-links.js';
import {
  createSession,
  deleteSession,
  hashToken,
  sessionToken,
  setSessionCookie,
} from '../auth/sessions.js';
import {
  accountEmailProven,
  claimUnprovenAccount,
  findOrCreateUserByEmail,
  recordProvenEmail,
} from '../auth/users.js';
import type { AppContext } from '../context.js';
import { clientAddressKey } from '../http/client-address.js';
import { HttpError } from '../http/errors.js';
import { acceptFormPosts } from '../http/form-posts.js';
import { countHit, type Hit } from '../http/rate-limit-store.js';
import type { ZodTypeProvider } from '../http/zod-type-provider.js';
import { magicLinkEmail } from '../mail/magic-link-email.js';
import type { Mailer } from '../mail/mailer.js';
import { AUTH_BODY_LIMIT_BYTES } from './auth.js';

/** The window of the per-address and per-(e-mail, address) limits. */
const RATE_WINDOW_MS = 15 * 60 * 1000;
/** The window of the cap on mails sent to one address, whoever asks (mail bombing). */
const MAIL_CAP_WINDOW_MS = 60 * 60 * 1000;

/** How long a client address that signed in to an e-mail by magic link keeps its own allowance. */
const SIGNED_IN_FROM_MS = 30 * 24 * 60 * 60 * 1000;

/** The mark of a client address that signed in to an e-mail by magic link (see checkRate). */
function signedInKey(email: string, ip: string): string {
  return `magic-link:signed-in:${email} ${clientAddressKey(ip)}`;
}

/** The token of a magic link: in the link's query, and in the Continue form's body. */
const tokenSchema = z.object({ token: z.string().min(20).max(200) });

const LINKING_EXPIRED = 'This request has expired. Please sign in with your provider again.';

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Referrer-Policy', 'no-referrer')
    .send(html);
}

export function registerMagicLinkRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  mailer: Mailer | null,
): void {
  const { config, db } = ctx;

  function limited(hit: Hit, now: Date): HttpError {
    const seconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
    return new HttpError(429, 'RATE_LIMITED', rateLimitMessage(seconds), {
      retryAfterSeconds: seconds,
    });
  }

  /**
   * Three limits (docs/product/sign-in.md, "Limits"): per client address; per e-mail and client
   * address, so a stranger flooding an address locks out only themselves; and a higher cap on
   * mails sent to one address whoever asks, against mail bombing. The first two refuse (429) the
   * asker; a refused request counts only towards the limits already checked. The cap on mails
   * refuses nobody: beyond it the answer is the usual one and nothing is mailed (false), so a
   * stranger who reaches it cannot have the owner told to wait.
   */
  async function checkRate(request: FastifyRequest, email: string, now: Date): Promise<boolean> {
    await limitAsker(request, email, now);
    return mayMail(request, email, now);
  }

  /** The two limits that refuse the asker (429), counted before anything else is looked at. */
  async function limitAsker(request: FastifyRequest, email: string, now: Date): Promise<void> {
    const client = clientAddressKey(request.ip);
    const perAddress = await countHit(db, `magic-link:ip:${client}`, RATE_WINDOW_MS, now);
    if (perAddress.count > config.magicLinkRatePerIp) throw limited(perAddress, now);
    const perAsker = await countHit(
      db,
      `magic-link:email-ip:${email} ${client}`,
      RATE_WINDOW_MS,
      now,
    );
    if (perAsker.count > config.magicLinkRatePerEmail) throw limited(perAsker, now);
  }

  /**
   * Counts one mail towards the address's hourly cap and says whether it may go out. Called only
   * once the request is otherwise accepted: a refused one mails nothing, so it must not use up
   * the owner's mails (a stranger could otherwise silence them with calls that are refused).
   */
  async function mayMail(request: FastifyRequest, email: string, now: Date): Promise<boolean> {
    const mails = await countHit(db, `magic-link:mails:${email}`, MAIL_CAP_WINDOW_MS, now);
    if (mails.count <= config.magicLinkMailsPerEmail) return true;
    // The owner keeps an allowance of their own: a client address that signed in to this e-mail
    // by magic link lately (a stranger cannot have done so) is still mailed, within its
    // per-(e-mail, address) limit (limitAsker).
    const owner = await db.query('select 1 from rate_limits where key = $1 and reset_at > $2', [
      signedInKey(email, request.ip),
      now,
    ]);
    if (owner.rows.length > 0) return true;
    request.log.warn({ email }, 'magic link not mailed: the address reached its hourly cap');
    return false;
  }

  /** The answer of a request that was accepted, mailed or not. */
  function accepted(link?: string): MagicLinkResponse {
    return {
      success: true,
      message: 'Check your email for a sign-in link.',
      ...(link && config.exposeMagicLinks ? { magicLink: link } : {}),
    };
  }

  /** E-mails the link; the answer is the same whether or not an account exists. */
  async function deliver(
    request: FastifyRequest,
    email: string,
    firstName: string | null,
    token: string,
    linking?: string,
    intro?: string,
  ): Promise<MagicLinkResponse> {
    const link = `${config.publicOrigin}/api/auth/magic-link?token=${token}`;
    if (mailer) {
      try {
        await mailer.send(magicLinkEmail(email, firstName, link, linking, intro));
      } catch (error) {
        request.log.error({ err: error }, 'magic link e-mail could not be sent');
        throw new HttpError(502, 'MAIL_NOT_SENT', 'Could not send the e-mail. Please try again.');
      }
    } else if (config.env === 'development') {
      // Without a mail server a developer needs the link somewhere; never outside development.
      request.log.info({ email }, `magic link (no SMTP_URL set): ${link}`);
    }
    // The link itself is returned only in development on this machine ('Use test link').
    return accepted(link);
  }

  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/auth/request-magic-link',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: { body: magicLinkRequestSchema, response: { 200: magicLinkResponseSchema } },
    },
    async (request) => {
      const input = request.body;
      const email = input.email;
      const now = ctx.now();
      if (!(await checkRate(request, email, now))) return accepted();
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
      // Anyone may ask for a link to anyone's address, so the asker's typed name never reaches the
      // e-mail (it is kept with the link only to create the account). The account's own name is
      // used once its e-mail is proven: before that it is whoever created the account (a provider
      // that does not vouch for the address), the stranger claimUnprovenAccount guards against.
      const owner = await db.query<{ id: string; first_name: string | null }>(
        'select id, first_name from users where lower(email) = lower($1)',
        [email],
      );
      const account = owner.rows[0];
      const greeted =
        account && (await accountEmailProven(db, account.id)) ? account.first_name : null;
      return deliver(request, email, greeted, token);
    },
  );

  // The conflict page: the owner of the e-mail proves it, then the provider account is linked.
  routes.post(
    '/api/auth/send-magic-link',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: { body: linkingMagicLinkRequestSchema, response: { 200: magicLinkResponseSchema } },
    },
    async (request) => {
      const input = request.body;
      const email = input.email;
      const now = ctx.now();
      // The asker's limits first, so junk calls are still limited per client address; the mail
      // cap only once the linking token has passed, as a refused call mails nothing.
      await limitAsker(request, email, now);
      const { rows } = await db.query<{ email: string; expires_at: Date | string }>(
        'select email, expires_at from linking_tokens where token_hash = $1 and provider = $2 and expires_at > $3',
        [hashToken(input.linkingToken), input.provider, now],
      );
      const pending = rows[0];
      if (pending?.email.toLowerCase() !== email) {
        throw new HttpError(400, 'LINKING_EXPIRED', LINKING_EXPIRED);
      }
      // How long the link sent can still link the provider: the linking token ends first (it was
      // issued before the link), and the page must not promise a link after that. Seconds left
      // rather than a date, so a browser whose clock is off still counts the right time; mailed
      // or not (the mail cap), the answer is the same.
      const linkingSecondsLeft = Math.floor(
        Math.min(new Date(pending.expires_at).getTime() - now.getTime(), MAGIC_LINK_TTL_MS) / 1000,
      );
      if (!(await mayMail(request, email, now))) return { ...accepted(), linkingSecondsLeft };
      const token = await createMagicLink(
        db,
        {
          email,
          firstName: null,
          lastName: null,
          redirectTo: DEFAULT_RETURN_TO,
          purpose: 'account_linking',
          linkingTokenHash: hashToken(input.linkingToken),
        },
        now,
      );
      return {
        ...(await deliver(request, email, null, token, input.provider)),
        linkingSecondsLeft,
      };
    },
  );

  // Settings' Link for the magic link: a sign-in link to the account's own address; following it
  // adds the method again (docs/product/account.md, "Sign-in methods").
  routes.post(
    '/api/auth/link-magic-link',
    {
      preParsing: signedInHook(ctx),
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: { body: emptyRequestSchema, response: { 200: magicLinkResponseSchema } },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      const { rows } = await db.query<{
        email: string;
        first_name: string | null;
        last_name: string | null;
        is_temporary_email: boolean;
      }>('select email, first_name, last_name, is_temporary_email from users where id = $1', [
        userId,
      ]);
      const user = rows[0];
      if (!user) throw new HttpError(401, 'UNAUTHENTICATED', 'Not signed in');
      if (user.is_temporary_email) {
        throw new HttpError(
          400,
          'TEMPORARY_EMAIL',
          'Add your email address first: the link is sent by email.',
        );
      }
      const now = ctx.now();
      if (!(await checkRate(request, user.email, now))) return accepted();
      const token = await createMagicLink(
        db,
        {
          email: user.email,
          firstName: user.first_name,
          lastName: user.last_name,
          redirectTo: `${PATHS.settings}?linked=magicLink`,
        },
        now,
      );
      // An unproven account's name is whoever created it: it never reaches the owner's mail
      // (docs/product/sign-in.md, "Magic links"), as in request-magic-link.
      const greeted = (await accountEmailProven(db, userId)) ? user.first_name : null;
      return deliver(
        request,
        user.email,
        greeted,
        token,
        undefined,
        'Click the link below to sign in to TrekPeru with this e-mail address: signing in by e-mail link becomes one of your sign-in methods again.',
      );
    },
  );

  // A page, not a JSON call: a link that does not fit shows the expired page.
  routes.get(
    '/api/auth/magic-link',
    { schema: { querystring: tokenSchema }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError) return sendHtml(reply, 410, expiredPageFor(request));
      const { token } = request.query;
      const link = await findValidMagicLink(db, token, ctx.now());
      if (!link) return sendHtml(reply, 410, expiredPageFor(request));
      const linking = link.linking_token_hash
        ? await db.query<{ provider: string }>(
            'select provider from linking_tokens where token_hash = $1',
            [link.linking_token_hash],
          )
        : null;
      reply.header('Content-Security-Policy', CONTINUE_PAGE_CSP);
      return sendHtml(reply, 200, continuePage(token, link.email, linking?.rows[0]?.provider));
    },
  );

  // The one form POST of the API (the Continue button); the Origin check applies as everywhere.
  app.register(async (formScope) => {
    acceptFormPosts(formScope);
    const forms = formScope.withTypeProvider<ZodTypeProvider>();
    forms.post(
      '/api/auth/magic-link',
      { schema: { body: tokenSchema }, attachValidation: true },
      async (request, reply) => {
        if (request.validationError) return sendHtml(reply, 410, expiredPageFor(request));
        const { token: linkToken } = request.body;
        const previous = sessionToken(request, config);
        const browser = browserHash(request, config);
        const now = ctx.now();
        const result = await db.transaction(async (tx) => {
          let notLinked: string | null = null;
          const link = await findValidMagicLink(tx, linkToken, now, { lock: true });
          if (!link) return null;
          const userId = await findOrCreateUserByEmail(tx, {
            email: link.email,
            firstName: link.first_name,
            lastName: link.last_name,
          });
          await claimUnprovenAccount(tx, userId, now);
          await recordProvenEmail(tx, userId, link.email);
          // Kept with the account that signed in, so it goes with the account (deleteAccount),
          // even after the account's e-mail has changed.
          await tx.query(
            `insert into rate_limits (key, count, reset_at, user_id) values ($1, 1, $2, $3)
             on conflict (key) do update set
               count = 1, reset_at = excluded.reset_at, user_id = excluded.user_id`,
            [
              signedInKey(link.email, request.ip),
              new Date(now.getTime() + SIGNED_IN_FROM_MS),
              userId,
            ],
          );
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
          return {
            token,
            redirectTo: redirectLocation(link.redirect_to, {}, PATHS.createProject),
            notLinked,
          };
        });
        if (!result) return sendHtml(reply, 410, expiredPageFor(request));
        setSessionCookie(reply, config, result.token);
        reply.header('Referrer-Policy', 'no-referrer');
        if (result.notLinked) {
          return sendHtml(reply, 200, notLinkedPage(result.notLinked, result.redirectTo));
        }
        return reply.redirect(result.redirectTo, 303);
      },
    );
  });
}

/** The expired-link page as this browser needs it: with a trek request saved in it, or without. */
function expiredPageFor(request: FastifyRequest): string {
  return expiredPage({ savedRequest: request.cookies[SAVED_ANSWERS_COOKIE] === '1' });
}

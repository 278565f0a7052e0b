import { PATHS } from '@trek/shared/contract';
import {
  pendingEmailChangeSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
} from '@trek/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CONFIRM_PAGE_CSP,
  confirmEmailChangePage,
  emailChangeExpiredPage,
  emailChangeNeedsSessionPage,
  emailTakenPage,
  sendHtml,
} from '../account/account-pages.js';
import {
  confirmEmailChange,
  EMAIL_CHANGE_TTL_MS,
  emailBelongsToAnother,
  findEmailChange,
  newEmailChange,
  pendingEmailChange,
  saveEmailChange,
} from '../account/email-change.js';
import { currentSession, sessionOf, signedInHook } from '../auth/current-session.js';
import { findUser } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { acceptFormPosts } from '../http/form-posts.js';
import { countHit } from '../http/rate-limit-store.js';
import type { ZodTypeProvider } from '../http/zod-type-provider.js';
import { emailChangedNotice, emailChangeEmail, emailTakenNotice } from '../mail/account-emails.js';
import type { Mailer } from '../mail/mailer.js';

/** E-mail-change links one account may ask for, and one address may receive, in an hour. */
const EMAIL_CHANGES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

const tokenSchema = z.object({ token: z.string().min(20).max(200) });

/**
 * PUT /api/user/profile, the pending e-mail change, and the page its link opens
 * (docs/product/account.md, "Account").
 */
export function registerProfileRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  mailer: Mailer | null,
): void {
  const { config, db } = ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = signedInHook(ctx);

  async function checkRate(userId: string, email: string, now: Date) {
    for (const key of [`email-change:user:${userId}`, `email-change:to:${email}`]) {
      const hit = await countHit(db, key, HOUR_MS, now);
      if (hit.count > EMAIL_CHANGES_PER_HOUR) {
        const seconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
        throw new HttpError(
          429,
          'RATE_LIMITED',
          'Too many email changes. Please try again later.',
          { retryAfterSeconds: seconds },
        );
      }
    }
  }

  routes.put(
    '/api/user/profile',
    {
      preParsing: signedIn,
      schema: { body: profileUpdateSchema, response: { 200: profileUpdateResponseSchema } },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      const { displayName, email } = request.body;
      const now = ctx.now();
      const current = await findUser(db, config, userId);
      if (!current) throw new HttpError(401, 'UNAUTHENTICATED', 'Not signed in');
      const changesEmail =
        email !== undefined && (email !== current.email || current.hasTemporaryEmail);
      // Every refusal comes before the first write: a refused call changes nothing. The limit
      // comes before the address is looked up, which answers nothing anyway (below).
      if (changesEmail) await checkRate(userId, email, now);
      // An address of another account is answered as any other, or this call would tell who has
      // an account: its owner gets a notice instead of the link, and the change waits for a link
      // that never comes (docs/product/account.md, "Account").
      const taken = changesEmail && (await emailBelongsToAnother(db, email, userId));
      // The mail goes first and nothing is written until it has: a 502 changes nothing (not the
      // name, not a change already pending). Its link works once the change below is stored.
      const started = changesEmail ? newEmailChange(email, now) : null;
      if (started) {
        const to = started.change.email;
        const link = `${config.publicOrigin}/api/user/email-change/confirm?token=${started.token}`;
        if (mailer) {
          try {
            await mailer.send(
              taken
                ? emailTakenNotice(to)
                : emailChangeEmail(to, link, EMAIL_CHANGE_TTL_MS / HOUR_MS),
            );
          } catch (error) {
            request.log.error({ err: error }, 'e-mail change link could not be sent');
            throw new HttpError(
              502,
              'MAIL_NOT_SENT',
              'Could not send the e-mail. Please try again.',
            );
          }
        } else if (config.env === 'development' && !taken) {
          request.log.info({ email: to }, `e-mail change link (no SMTP_URL set): ${link}`);
        }
      }
      const emailChange = await db.transaction(async (tx) => {
        if (displayName !== undefined) {
          await tx.query('update users set display_name = $2, updated_at = $3 where id = $1', [
            userId,
            displayName,
            now,
          ]);
        }
        if (started) {
          await saveEmailChange(tx, userId, started, now);
          return started.change;
        }
        if (email !== undefined) {
          // The address the account already has: nothing to prove, any pending change is dropped.
          await tx.query('delete from email_changes where user_id = $1', [userId]);
          return null;
        }
        return pendingEmailChange(tx, userId, now);
      });
      const user = await findUser(db, config, userId);
      if (!user) throw new HttpError(401, 'UNAUTHENTICATED', 'Not signed in');
      return { user, emailChange };
    },
  );

  routes.get(
    '/api/user/email-change',
    { preParsing: signedIn, schema: { response: { 200: pendingEmailChangeSchema } } },
    async (request) => {
      return { emailChange: await pendingEmailChange(db, sessionOf(request).userId, ctx.now()) };
    },
  );

  // A page, not a JSON call: opening the link shows a button; only its POST changes the e-mail.
  routes.get(
    '/api/user/email-change/confirm',
    { schema: { querystring: tokenSchema }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError) return sendHtml(reply, 410, emailChangeExpiredPage());
      const change = await findEmailChange(db, request.query.token, ctx.now());
      if (!change) return sendHtml(reply, 410, emailChangeExpiredPage());
      reply.header('Content-Security-Policy', CONFIRM_PAGE_CSP);
      return sendHtml(reply, 200, confirmEmailChangePage(request.query.token, change.new_email));
    },
  );

  app.register(async (formScope) => {
    acceptFormPosts(formScope);
    const forms = formScope.withTypeProvider<ZodTypeProvider>();
    forms.post(
      '/api/user/email-change/confirm',
      { schema: { body: tokenSchema }, attachValidation: true },
      async (request, reply) => {
        if (request.validationError) return sendHtml(reply, 410, emailChangeExpiredPage());
        const session = await currentSession(ctx, request);
        const outcome = await confirmEmailChange(
          db,
          request.body.token,
          session?.userId ?? null,
          ctx.now(),
        );
        switch (outcome.kind) {
          case 'expired':
            return sendHtml(reply, 410, emailChangeExpiredPage());
          case 'not-signed-in':
            return sendHtml(reply, 403, emailChangeNeedsSessionPage());
          case 'taken':
            return sendHtml(reply, 409, emailTakenPage());
          case 'changed':
            if (mailer && !outcome.oldWasPlaceholder && outcome.oldEmail !== outcome.newEmail) {
              // The old address hears of it; a failure must not undo a change already made.
              await mailer
                .send(emailChangedNotice(outcome.oldEmail, outcome.newEmail))
                .catch((error: unknown) =>
                  request.log.error({ err: error }, 'e-mail change notice could not be sent'),
                );
            }
            reply.header('Referrer-Policy', 'no-referrer');
            return reply.redirect(`${PATHS.settings}?email=changed`, 303);
        }
      },
    );
  });
}

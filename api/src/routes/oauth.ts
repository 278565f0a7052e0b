import { randomBytes } from 'node:crypto';
import { DEFAULT_RETURN_TO, PATHS } from '@trek/shared/contract';
import { oauthStartQuerySchema, providersSchema } from '@trek/shared/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';
import { bindBrowser, browserHash } from '../auth/browser-binding.js';
import { currentSession } from '../auth/current-session.js';
import { redirectLocation, safeRedirectPath } from '../auth/magic-links.js';
import {
  createOAuthProviders,
  type OAuthProvider,
  PROVIDER_NAMES,
  type ProviderIdentity,
  type ProviderName,
} from '../auth/oauth-providers.js';
import {
  createSession,
  deleteSession,
  hashToken,
  sessionToken,
  setSessionCookie,
} from '../auth/sessions.js';
import { accountEmailProven } from '../auth/users.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { clientAddressKey } from '../http/client-address.js';
import { countHit } from '../http/rate-limit-store.js';
import type { ZodTypeProvider } from '../http/zod-type-provider.js';

/** An OAuth round trip must finish within this time. */
const FLOW_TTL_MS = 10 * 60 * 1000;
/** The conflict page's linking token lives as long as a magic link. */
export const LINKING_TOKEN_TTL_MS = 15 * 60 * 1000;
/** The window of the per-address cap on started sign-ins (each stores an oauth_flows row). */
const STARTS_WINDOW_MS = FLOW_TTL_MS;

/** What the provider sends back; anything else in the query is the provider's business. */
const callbackQuerySchema = z.looseObject({
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
});

interface FlowRow {
  browser_hash: string | null;
  provider: string;
  code_verifier: string;
  return_to: string;
  form_data: string | null;
  mode: string;
  user_id: string | null;
}

function signInError(reply: FastifyReply, code: string) {
  return reply.redirect(`${PATHS.signIn}?error=${encodeURIComponent(code)}`, 302);
}

/**
 * A failure nobody foresaw (the database, a bug) in a sign-in's navigation: logged, and the browser
 * lands on the sign-in page with the provider-error mark rather than a JSON 500 page.
 */
function navigationFailed(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  provider: ProviderName,
) {
  request.log.error({ err: error, provider }, 'OAuth sign-in failed');
  return signInError(reply, 'provider_error');
}

/**
 * A placeholder address for a provider account without e-mail (docs/product/sign-in.md); with a
 * `suffix` when the plain one is already another account's.
 */
export function placeholderEmail(provider: ProviderName, subject: string, suffix?: string): string {
  const id = subject.replace(/[^\w.-]/g, '');
  return `${provider}-${id}${suffix ? `-${suffix}` : ''}@users.trekperu.invalid`;
}

export function registerOAuthRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  providers: Partial<Record<ProviderName, OAuthProvider>> = createOAuthProviders(ctx.config),
): void {
  const { config, db } = ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const redirectUri = (provider: ProviderName) =>
    `${config.publicOrigin}/auth/${provider}/callback`;

  routes.get(
    '/api/auth/providers',
    { schema: { response: { 200: providersSchema } } },
    async () => ({
      google: {
        available: providers.google !== undefined,
        development: providers.google?.development === true,
      },
      facebook: {
        available: providers.facebook !== undefined,
        development: providers.facebook?.development === true,
      },
    }),
  );

  for (const name of PROVIDER_NAMES) {
    // Navigations, not JSON calls: every failure lands on the sign-in page with a reason.
    routes.get(
      `/auth/${name}`,
      { schema: { querystring: oauthStartQuerySchema }, attachValidation: true },
      async (request, reply) => {
        try {
          const provider = providers[name];
          if (!provider) return signInError(reply, 'unavailable');
          if (request.validationError) return signInError(reply, 'provider_error');
          const start = request.query;
          // Each start stores a row until its callback or expiry: one address cannot pile them up.
          const now = ctx.now();
          const starts = await countHit(
            db,
            `oauth-start:ip:${clientAddressKey(request.ip)}`,
            STARTS_WINDOW_MS,
            now,
          );
          if (starts.count > config.oauthStartsPerIp) return signInError(reply, 'rate_limited');
          const session = start.mode === 'link' ? await currentSession(ctx, request) : null;
          if (start.mode === 'link' && !session)
            return reply.redirect(
              `${PATHS.signIn}?returnTo=${encodeURIComponent(PATHS.settings)}`,
              302,
            );

          const state = client.randomState();
          const codeVerifier = client.randomPKCECodeVerifier();
          const browser = bindBrowser(request, reply, config);
          await db.query(
            `insert into oauth_flows (state_hash, provider, code_verifier, return_to, form_data, mode, user_id, expires_at, browser_hash)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [
              hashToken(state),
              name,
              codeVerifier,
              safeRedirectPath(
                start.returnTo,
                start.mode === 'link' ? PATHS.settings : DEFAULT_RETURN_TO,
              ),
              start.formData ?? null,
              start.mode === 'link' ? 'link' : 'sign_in',
              session?.userId ?? null,
              new Date(now.getTime() + FLOW_TTL_MS),
              hashToken(browser),
            ],
          );
          try {
            const url = await provider.authorizationUrl({
              state,
              codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
              redirectUri: redirectUri(name),
            });
            return reply.redirect(url.href, 302);
          } catch (error) {
            request.log.error({ err: error, provider: name }, 'OAuth provider unreachable');
            return signInError(reply, 'unavailable');
          }
        } catch (error) {
          return navigationFailed(request, reply, error, name);
        }
      },
    );

    routes.get(
      `/auth/${name}/callback`,
      { schema: { querystring: callbackQuerySchema }, attachValidation: true },
      async (request, reply) => {
        try {
          const provider = providers[name];
          if (!provider) return signInError(reply, 'unavailable');
          if (request.validationError) return signInError(reply, 'invalid_state');
          const query = request.query;
          const state = query.state ?? '';
          // The state is single use: taken out whatever happens next.
          const { rows } = await db.query<FlowRow>(
            `delete from oauth_flows where state_hash = $1 and provider = $2 and expires_at > $3
         returning browser_hash, provider, code_verifier, return_to, form_data, mode, user_id`,
            [hashToken(state), name, ctx.now()],
          );
          const flow = rows[0];
          // Only the browser that started the flow may finish it.
          if (!flow?.browser_hash || flow.browser_hash !== browserHash(request, config)) {
            return signInError(reply, 'invalid_state');
          }
          const linking = flow.mode === 'link';
          if (linking) {
            // Linking adds a sign-in method to the account signed in now, and to no other.
            const session = await currentSession(ctx, request);
            // The session ended while the person was at the provider: sign in, then link again
            // from where they started (as a linking started signed out is answered).
            if (flow.user_id && !session) {
              return reply.redirect(
                `${PATHS.signIn}?returnTo=${encodeURIComponent(flow.return_to)}`,
                302,
              );
            }
            if (!flow.user_id || session?.userId !== flow.user_id) {
              return signInError(reply, 'invalid_state');
            }
          }
          // A linking that fails goes back to the settings page of the person signed in, not to
          // the sign-in page (docs/product/account.md, "Link Google or Facebook").
          const fail = (code: 'access_denied' | 'provider_error') =>
            linking
              ? reply.redirect(
                  redirectLocation(flow.return_to, { error: code }, PATHS.settings),
                  302,
                )
              : signInError(reply, code);
          if (query.error !== undefined)
            return fail(query.error === 'access_denied' ? 'access_denied' : 'provider_error');

          let identity: ProviderIdentity;
          try {
            const callbackUrl = new URL(request.url, `${config.publicOrigin}`);
            identity = await provider.identify(callbackUrl, {
              state,
              codeVerifier: flow.code_verifier,
            });
          } catch (error) {
            request.log.warn({ err: error, provider: name }, 'OAuth code exchange failed');
            return fail('provider_error');
          }

          if (linking) {
            const linked = await db.transaction((tx) =>
              linkIdentity(tx, flow.user_id ?? '', name, identity),
            );
            return reply.redirect(
              redirectLocation(
                flow.return_to,
                linked === 'linked' ? { linked: name } : { error: linked },
                PATHS.settings,
              ),
              302,
            );
          }

          const previous = sessionToken(request, config);
          // The session is created in the transaction that found the identity, which holds it: an
          // owner's claim that removes the identity and ends its sessions (claimUnprovenAccount)
          // comes wholly before (no identity: no session) or wholly after (the session is ended).
          const outcome = await db.transaction(async (tx) => {
            const found = await signInWithIdentity(tx, name, identity);
            if (found.kind === 'conflict') return found;
            // A fresh session at every sign-in: a session fixed before it is never promoted.
            if (previous) await deleteSession(tx, hashToken(previous));
            return { ...found, token: await createSession(tx, found.userId, ctx.now()) };
          });
          if (outcome.kind === 'conflict') {
            const token = randomBytes(32).toString('base64url');
            await db.query(
              `insert into linking_tokens (token_hash, provider, subject, email, email_verified, expires_at, browser_hash)
           values ($1, $2, $3, $4, $5, $6, $7)`,
              [
                hashToken(token),
                name,
                identity.subject,
                outcome.email,
                identity.emailVerified,
                new Date(ctx.now().getTime() + LINKING_TOKEN_TTL_MS),
                flow.browser_hash,
              ],
            );
            const params = new URLSearchParams({ email: outcome.email, provider: name, token });
            return reply.redirect(`${PATHS.authConflict}?${params.toString()}`, 302);
          }
          setSessionCookie(reply, config, outcome.token);
          const params: Record<string, string> = { auth: 'success' };
          if (flow.form_data) params.formData = flow.form_data;
          return reply.redirect(redirectLocation(flow.return_to, params, DEFAULT_RETURN_TO), 302);
        } catch (error) {
          return navigationFailed(request, reply, error, name);
        }
      },
    );
  }
}

/**
 * Links a provider account to a user. Refused when it already belongs to someone else, and when
 * nobody has proven the account's e-mail and this provider does not prove it either: a method
 * added to an account someone may yet claim would let whoever added it back in after the owner
 * claims it (docs/product/sign-in.md, "Taking an account back").
 */
async function linkIdentity(
  db: Queryable,
  userId: string,
  provider: ProviderName,
  identity: ProviderIdentity,
): Promise<'linked' | 'already_linked' | 'email_unproven'> {
  const account = await db.query<{ email: string }>(
    'select email from users where id = $1 for update',
    [userId],
  );
  const email = account.rows[0]?.email;
  const provesEmail =
    identity.emailVerified &&
    identity.email !== null &&
    email !== undefined &&
    identity.email.toLowerCase() === email.toLowerCase();
  if (!provesEmail && !(await accountEmailProven(db, userId))) return 'email_unproven';
  const { rows } = await db.query<{ user_id: string }>(
    `insert into auth_identities (user_id, provider, subject, email, email_verified)
     values ($1, $2, $3, $4, $5)
     on conflict (provider, subject) do update set email = excluded.email
     returning user_id`,
    [userId, provider, identity.subject, identity.email, identity.emailVerified],
  );
  return rows[0]?.user_id === userId ? 'linked' : 'already_linked';
}

type SignInOutcome = { kind: 'user'; userId: string } | { kind: 'conflict'; email: string };

/**
 * Accounts are identified by (provider, subject), never by e-mail alone: a known provider account
 * signs in; a new one creates a user, unless its e-mail already belongs to someone (conflict: the
 * owner must prove the e-mail first); no e-mail at all gives a placeholder address.
 */
export async function signInWithIdentity(
  db: Queryable,
  provider: ProviderName,
  identity: ProviderIdentity,
): Promise<SignInOutcome> {
  // Held (for share) until the caller's transaction ends: the session it creates cannot outlive
  // the identity's removal by an owner's claim, which waits for it.
  const knownUser = async () =>
    (
      await db.query<{ user_id: string }>(
        'select user_id from auth_identities where provider = $1 and subject = $2 for share',
        [provider, identity.subject],
      )
    ).rows[0]?.user_id;
  const known = await knownUser();
  if (known) return { kind: 'user', userId: known };

  if (identity.email) {
    const owner = await db.query('select 1 from users where lower(email) = lower($1)', [
      identity.email,
    ]);
    if (owner.rows.length > 0) {
      // The same provider account's first sign-in may have completed since it was looked up
      // (two at once): the address is then its own user's, not a conflict.
      const since = await knownUser();
      if (since) return { kind: 'user', userId: since };
      return { kind: 'conflict', email: identity.email };
    }
  }
  const displayName = [identity.firstName, identity.lastName].filter(Boolean).join(' ') || null;
  // Insert first, then look again: the address may have been taken since it was checked (two
  // first sign-ins of one provider account at once), which a plain insert would answer with 500.
  const createUser = async (email: string) =>
    (
      await db.query<{ id: string }>(
        `insert into users (email, first_name, last_name, display_name, is_temporary_email)
         values ($1, $2, $3, $4, $5) on conflict (lower(email)) do nothing returning id`,
        [email, identity.firstName, identity.lastName, displayName, identity.email === null],
      )
    ).rows[0]?.id;
  let userId = await createUser(identity.email ?? placeholderEmail(provider, identity.subject));
  if (!userId) {
    // The same provider account signed in meanwhile: it is that account's user. Anyone else's
    // address is the conflict it would have been a moment later.
    const since = await knownUser();
    if (since) return { kind: 'user', userId: since };
    if (identity.email) return { kind: 'conflict', email: identity.email };
    // The placeholder is kept by the user this provider account was unlinked from: an unknown
    // login is a new account, as always, with a placeholder of its own (nobody can prove either).
    userId = await createUser(
      placeholderEmail(provider, identity.subject, randomBytes(6).toString('hex')),
    );
    if (!userId) throw new Error('unique placeholder address taken');
  }
  await db.query(
    `insert into auth_identities (user_id, provider, subject, email, email_verified) values ($1, $2, $3, $4, $5)`,
    [userId, provider, identity.subject, identity.email, identity.emailVerified],
  );
  return { kind: 'user', userId };
}

import type { AddressInfo } from 'node:net';
import type { Configuration } from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

/** Client ids the provider knows; the secret of each is `<id>-secret`. */
export const TEST_CLIENT_IDS = { google: 'trek-google', facebook: 'trek-facebook' } as const;

/**
 * A standards-compliant OpenID Connect server (oidc-provider) for tests, playing Google and
 * Facebook. Its sign-in screen is skipped: the next authorization signs in as `nextAccount`.
 * `interactive`: a form asks for one of `accounts` instead, as a person would answer.
 * `development`: the form takes any e-mail and name (the development sign-in of `npm start`);
 * like the real providers, Google vouches for the address and Facebook does not.
 */
export async function startOidcTestProvider(
  redirectOrigin: string,
  options: { interactive?: boolean; development?: boolean; port?: number } = {},
) {
  const interactive = options.interactive === true || options.development === true;
  const accounts = new Map<string, TestAccount>();
  const state: { nextAccount: string | null } = { nextAccount: null };
  const client = (id: string, provider: string) => ({
    client_id: id,
    client_secret: `${id}-secret`,
    redirect_uris: [`${redirectOrigin}/auth/${provider}/callback`],
    grant_types: ['authorization_code'],
    response_types: ['code' as const],
  });
  const configuration: Configuration = {
    clients: [
      client(TEST_CLIENT_IDS.google, 'google'),
      client(TEST_CLIENT_IDS.facebook, 'facebook'),
    ],
    cookies: { keys: ['test-only-cookie-key'] },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: false } },
    // Set, so oidc-provider does not print a notice about each default it would use.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    findAccount: async (ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      const facebook = ctx.oidc.client?.clientId === TEST_CLIENT_IDS.facebook;
      return {
        accountId: id,
        claims: async () =>
          options.development ? { ...account, email_verified: !facebook } : { ...account },
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  };
  // The issuer URL needs the port, known only once listening: start on a bound server.
  const { createServer } = await import('node:http');
  const server = createServer();
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve()),
  );
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Loaded here, not at the top: the API's bundle keeps this development dependency external and
  // loads it only when the development sign-in starts.
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, configuration);

  /** Any e-mail signs in, as the same account every time; a blank one signs nobody in. */
  function developmentAccount(form: URLSearchParams): string | null {
    const email = form.get('email')?.trim().toLowerCase();
    if (!email) return null;
    const sub = `dev-${email}`;
    const name = (field: string) => form.get(field)?.trim() || undefined;
    const givenName = name('given_name');
    const familyName = name('family_name');
    accounts.set(sub, {
      sub,
      email,
      ...(givenName ? { given_name: givenName } : {}),
      ...(familyName ? { family_name: familyName } : {}),
    });
    return sub;
  }

  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/interaction/')) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (interactive && ctx.method === 'GET') {
      // A sign-in screen a browser test (or a developer) fills in, like a person at the provider.
      ctx.type = 'html';
      ctx.body = options.development ? DEVELOPMENT_FORM : TEST_FORM;
      return;
    }
    let accountId = state.nextAccount;
    if (interactive) {
      const form = new URLSearchParams(await readBody(ctx.req));
      if (form.get('action') === 'cancel') accountId = null;
      else accountId = options.development ? developmentAccount(form) : form.get('account');
    }
    if (accountId && !accounts.has(accountId)) accountId = null;
    if (!accountId) {
      ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, { error: 'access_denied' }));
      return;
    }
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    ctx.redirect(
      await provider.interactionResult(ctx.req, ctx.res, {
        login: { accountId },
        consent: { grantId },
      }),
    );
  });
  server.on('request', provider.callback());

  return {
    issuer,
    accounts,
    /** Who the next authorization signs in as; null makes the user cancel (access_denied). */
    signInAs(sub: string | null) {
      state.nextAccount = sub;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

const TEST_FORM = `<!doctype html><html lang="en"><head><title>Test provider sign-in</title></head><body>
<h1>Sign in to the test provider</h1>
<form method="post"><label>Account <input name="account" autofocus></label>
<button type="submit" name="action" value="login">Sign in</button>
<button type="submit" name="action" value="cancel">Cancel</button></form></body></html>`;

const DEVELOPMENT_FORM = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
label{display:block;margin:.75rem 0}input{display:block;box-sizing:border-box;width:100%;font:inherit;padding:.4rem}
button{font:inherit;padding:.4rem 1rem;margin:1rem .5rem 0 0}</style></head><body>
<h1>Development sign-in</h1>
<p>This local identity provider stands in for Google and Facebook while you develop: no
password, any e-mail signs in. As with the real providers, an address signed in through
Google counts as verified, one through Facebook does not.</p>
<form method="post">
<label>Email <input name="email" type="email" autocomplete="email" required autofocus></label>
<label>First name (optional) <input name="given_name" autocomplete="given-name"></label>
<label>Last name (optional) <input name="family_name" autocomplete="family-name"></label>
<button type="submit" name="action" value="login">Sign in</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></form>
</body></html>`;

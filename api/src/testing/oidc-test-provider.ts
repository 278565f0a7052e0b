import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

/**
 * A standards-compliant OpenID Connect server (oidc-provider) for tests, playing Google and
 * Facebook. Its sign-in screen is skipped: the next authorization signs in as `nextAccount`.
 */
export async function startOidcTestProvider(
  redirectOrigin: string,
  options: { interactive?: boolean; port?: number } = {},
) {
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
    clients: [client('trek-google', 'google'), client('trek-facebook', 'facebook')],
    cookies: { keys: ['test-only-cookie-key'] },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: false } },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ ...account }) };
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
  const provider = new Provider(issuer, configuration);

  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/interaction/')) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (options.interactive && ctx.method === 'GET') {
      // A sign-in screen a browser test fills in, like a person at the provider.
      ctx.type = 'html';
      ctx.body = `<!doctype html><html><head><title>Test provider sign-in</title></head><body>
<h1>Sign in to the test provider</h1>
<form method="post"><label>Account <input name="account" autofocus></label>
<button type="submit" name="action" value="login">Sign in</button>
<button type="submit" name="action" value="cancel">Cancel</button></form></body></html>`;
      return;
    }
    let accountId = state.nextAccount;
    if (options.interactive) {
      const form = new URLSearchParams(await readBody(ctx.req));
      accountId = form.get('action') === 'cancel' ? null : form.get('account');
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

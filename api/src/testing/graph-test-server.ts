import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/** A Facebook account of the test server, as /me reports it (no e-mail: none granted). */
export interface GraphTestAccount {
  id: string;
  email?: string;
  first_name?: string;
  last_name?: string;
}

interface PendingLogin {
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

interface IssuedCode extends PendingLogin {
  accountId: string;
  expiresAt: number;
}

const GRAPH_VERSION = 'v19.0';
const CODE_TTL_MS = 60_000;

/**
 * A local stand-in for Facebook Login and the Graph API over HTTPS, met the way the API's Graph
 * provider meets the real one: the login dialog (a form a browser test fills in, like the OIDC
 * test provider's), the code exchange (client secret, redirect URI and PKCE S256 checked; codes
 * single use) and `/me` with `id,email,first_name,last_name`. Facebook never says whether an
 * e-mail is verified, and neither does this server.
 *
 * Its certificate is self-signed, made at start for 127.0.0.1; a process that calls it trusts
 * `certificate` through NODE_EXTRA_CA_CERTS (read when Node starts), a browser test ignores
 * HTTPS errors.
 */
export async function startGraphTestServer(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}) {
  const accounts = new Map<string, GraphTestAccount>();
  const pending = new Map<string, PendingLogin>();
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, string>();
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    notAfterDate: new Date(Date.now() + 24 * 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });

  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, 'text/plain', error instanceof Error ? error.message : 'error');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    const route = `${req.method} ${url.pathname}`;
    if (route === `GET /${GRAPH_VERSION}/dialog/oauth`) return loginDialog(url, res);
    if (route === `POST /${GRAPH_VERSION}/dialog/oauth`) return login(await readForm(req), res);
    if (route === `POST /${GRAPH_VERSION}/oauth/access_token`) return exchange(req, res);
    if (route === 'GET /me') return me(req, url, res);
    return graphError(res, 404, 'Unknown path components');
  }

  function loginDialog(url: URL, res: ServerResponse) {
    const params = url.searchParams;
    if (params.get('client_id') !== options.clientId) return graphError(res, 400, 'Invalid app ID');
    if (params.get('redirect_uri') !== options.redirectUri)
      return graphError(res, 400, 'URL blocked: the redirect URI is not whitelisted');
    if (params.get('response_type') !== 'code')
      return graphError(res, 400, 'Only the code flow is allowed');
    const codeChallenge = params.get('code_challenge');
    if (!codeChallenge || params.get('code_challenge_method') !== 'S256')
      return graphError(res, 400, 'PKCE with S256 is required');
    const id = randomBytes(16).toString('hex');
    pending.set(id, {
      redirectUri: options.redirectUri,
      state: params.get('state') ?? '',
      codeChallenge,
    });
    send(
      res,
      200,
      'text/html; charset=utf-8',
      `<!doctype html><html lang="en"><head><title>Facebook test server</title></head><body>
<h1>Log in to the Facebook test server</h1>
<form method="post"><input type="hidden" name="login" value="${id}">
<label>Account <input name="account" autofocus></label>
<button type="submit" name="action" value="login">Log in</button>
<button type="submit" name="action" value="cancel">Cancel</button></form></body></html>`,
    );
  }

  function login(form: URLSearchParams, res: ServerResponse) {
    const id = form.get('login') ?? '';
    const request = pending.get(id);
    if (!request) return graphError(res, 400, 'This login has expired');
    pending.delete(id);
    const back = new URL(request.redirectUri);
    back.searchParams.set('state', request.state);
    const accountId = form.get('account') ?? '';
    if (form.get('action') === 'cancel' || !accounts.has(accountId)) {
      // What Facebook sends when the person declines.
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_code', '200');
      back.searchParams.set('error_description', 'Permissions error');
      back.searchParams.set('error_reason', 'user_denied');
    } else {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, { ...request, accountId, expiresAt: Date.now() + CODE_TTL_MS });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.href }).end();
  }

  async function exchange(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    const client = clientOf(req, form);
    if (client.id !== options.clientId || !sameText(client.secret, options.clientSecret))
      return oauthError(res, 401, 'invalid_client');
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    codes.delete(code); // single use, whatever happens next
    const verifier = form.get('code_verifier') ?? '';
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !issued ||
      issued.expiresAt < Date.now() ||
      form.get('redirect_uri') !== issued.redirectUri ||
      createHash('sha256').update(verifier).digest('base64url') !== issued.codeChallenge
    ) {
      return oauthError(res, 400, 'invalid_grant');
    }
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, issued.accountId);
    send(
      res,
      200,
      'application/json',
      JSON.stringify({ access_token: token, token_type: 'bearer', expires_in: 5_183_944 }),
    );
  }

  function me(req: IncomingMessage, url: URL, res: ServerResponse) {
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const account = accounts.get(tokens.get(token) ?? '');
    if (!account) return graphError(res, 401, 'Invalid OAuth access token');
    const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
    const profile = Object.fromEntries(
      Object.entries(account).filter(([field]) => fields.includes(field)),
    );
    send(res, 200, 'application/json', JSON.stringify(profile));
  }

  return {
    origin,
    /** The three addresses the API's FACEBOOK_*_URL variables take. */
    urls: {
      authorization: `${origin}/${GRAPH_VERSION}/dialog/oauth`,
      token: `${origin}/${GRAPH_VERSION}/oauth/access_token`,
      userinfo: `${origin}/me?fields=id,email,first_name,last_name`,
    },
    /** The certificate (PEM) to trust: NODE_EXTRA_CA_CERTS of the calling process. */
    certificate: pems.cert,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Client authentication: HTTP Basic or the body's client_id and client_secret, both allowed. */
function clientOf(req: IncomingMessage, form: URLSearchParams) {
  const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic, 'base64')
      .toString()
      .split(':')
      .map((part) => decodeURIComponent(part.replace(/\+/g, ' ')));
    return { id, secret };
  }
  return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' };
}

function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type }).end(body);
}

/** Graph API errors look like this. */
function graphError(res: ServerResponse, status: number, message: string) {
  send(
    res,
    status,
    'application/json',
    JSON.stringify({ error: { message, type: 'OAuthException', code: 100 } }),
  );
}

/** The token endpoint answers in OAuth 2.0's own error form, which openid-client reads. */
function oauthError(res: ServerResponse, status: number, error: string) {
  send(res, status, 'application/json', JSON.stringify({ error }));
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body);
}

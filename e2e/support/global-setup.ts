import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGraphTestServer } from '../../api/src/testing/graph-test-server';
import { startOidcTestProvider } from '../../api/src/testing/oidc-test-provider';
import { startSmtpServer } from './mailbox';
import { SESSIONS_FILE } from './sessions';
import {
  ADMIN_EMAIL,
  BASE_URL,
  E2E_PORTS,
  FACEBOOK_ACCOUNTS,
  FACEBOOK_FIRST_ADMIN_EMAIL,
  IDP_ACCOUNTS,
  TRAVELER_EMAIL,
  WHATSAPP,
} from './suite-env';

const ROOT = join(import.meta.dirname, '../..');

/**
 * Starts the production build the way `npm start` does (without install and build, which
 * `npm test` has just done), on a throwaway database holding a traveler and an admin.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'trek-e2e-'));
  const smtp = await startSmtpServer();
  // A standards-compliant OpenID Connect server playing Google, with a sign-in form.
  const idp = await startOidcTestProvider(BASE_URL, { interactive: true });
  for (const [sub, claims] of Object.entries(IDP_ACCOUNTS))
    idp.accounts.set(sub, { sub, ...claims });
  // Facebook as production reaches it: the Graph API provider, over HTTPS, no OpenID Connect.
  const facebook = await startGraphTestServer({
    clientId: 'trek-facebook-graph',
    clientSecret: 'trek-facebook-graph-secret',
    redirectUri: `${BASE_URL}/auth/facebook/callback`,
  });
  for (const [id, profile] of Object.entries(FACEBOOK_ACCOUNTS))
    facebook.accounts.set(id, { id, ...profile });
  // The API trusts the server's self-signed certificate (Node reads this file when it starts),
  // with any certificates the environment already asked it to trust.
  const certificates = mkdtempSync(join(tmpdir(), 'trek-e2e-certificates-'));
  const trustedFile = join(certificates, 'trusted.pem');
  const alreadyTrusted = process.env.NODE_EXTRA_CA_CERTS;
  writeFileSync(
    trustedFile,
    [
      facebook.certificate,
      alreadyTrusted && existsSync(alreadyTrusted) ? readFileSync(alreadyTrusted, 'utf8') : '',
    ].join('\n'),
  );
  const { FACEBOOK_ISSUER: _noIssuer, ...outside } = process.env;
  const env: NodeJS.ProcessEnv = {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    GOOGLE_CLIENT_ID: 'trek-google',
    GOOGLE_CLIENT_SECRET: 'trek-google-secret',
    GOOGLE_ISSUER: idp.issuer,
    FACEBOOK_CLIENT_ID: 'trek-facebook-graph',
    FACEBOOK_CLIENT_SECRET: 'trek-facebook-graph-secret',
    FACEBOOK_AUTHORIZATION_URL: facebook.urls.authorization,
    FACEBOOK_TOKEN_URL: facebook.urls.token,
    FACEBOOK_USERINFO_URL: facebook.urls.userinfo,
    ...outside,
    ...E2E_PORTS,
    NODE_EXTRA_CA_CERTS: trustedFile,
    DATA_DIR: dataDir,
    // A second admin address no account holds yet: a Facebook sign-in may claim it, not its rights.
    ADMIN_EMAILS: `${ADMIN_EMAIL},${FACEBOOK_FIRST_ADMIN_EMAIL}`,
    // Every browser of the suite is one client address (loopback): the API's default of 20
    // magic links per address in 15 minutes (its own tests prove it) would cap the whole run.
    MAGIC_LINK_RATE_PER_IP: '500',
    WHATSAPP_NUMBER: WHATSAPP.number,
    WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
    WHATSAPP_VERIFY_TOKEN: WHATSAPP.verifyToken,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
  };

  // The embedded database belongs to one process at a time: sessions are made before the API starts.
  const createSession = (email: string, firstName: string, lastName: string) =>
    JSON.parse(
      execFileSync(
        process.execPath,
        [
          join(ROOT, 'api/dist/create-session.js'),
          '--email',
          email,
          '--first-name',
          firstName,
          '--last-name',
          lastName,
        ],
        { env, encoding: 'utf8' },
      ),
    );
  mkdirSync(join(SESSIONS_FILE, '..'), { recursive: true });
  writeFileSync(
    SESSIONS_FILE,
    JSON.stringify({
      traveler: createSession(TRAVELER_EMAIL, 'Ana', 'Quispe'),
      admin: createSession(ADMIN_EMAIL, 'Rosa', 'Huaman'),
    }),
  );

  const suite: ChildProcess = spawn(
    process.execPath,
    [join(ROOT, 'scripts/start.mjs'), '--no-install', '--no-build', '--no-env-file'],
    { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => suite.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => {
    running = false;
  });

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!running) {
      await smtp.close();
      await idp.close();
      await facebook.close();
      throw new Error('The suite stopped while starting; see its output above.');
    }
    if (Date.now() > deadline) throw new Error(`${BASE_URL} did not come up in time`);
    try {
      if ((await fetch(`${BASE_URL}/health`)).ok) break;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    if (running) suite.kill('SIGTERM');
    await exited;
    await smtp.close();
    await idp.close();
    await facebook.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(certificates, { recursive: true, force: true });
  };
}

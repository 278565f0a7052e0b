import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures';
import { freePort, startApi, startHost } from '../support/servers';

test('without credentials, development signs in through the local provider, labelled so', async ({
  page,
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trek-e2e-dev-sign-in-'));
  const [apiPort, hostPort] = [await freePort(), await freePort()];
  // `npm start` on a newcomer's machine: no provider credentials at all.
  const {
    GOOGLE_CLIENT_ID: _gi,
    GOOGLE_CLIENT_SECRET: _gs,
    FACEBOOK_CLIENT_ID: _fi,
    FACEBOOK_CLIENT_SECRET: _fs,
    ...env
  } = process.env;
  const api = await startApi(
    { ...env, NODE_ENV: 'development', DEVELOPMENT_SIGN_IN: 'auto', LOG_LEVEL: 'warn' },
    { port: apiPort, dataDir, publicOrigin: `http://localhost:${hostPort}`, quiet: true },
  );
  const host = await startHost({ apiPort, port: hostPort });
  try {
    await page.goto(`${host.url}/sign-in`);
    await expect(
      page.getByRole('button', { name: 'Continue with Facebook development sign-in' }),
    ).toBeEnabled();
    await page.getByRole('button', { name: 'Continue with Google development sign-in' }).click();
    await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
    await page.getByLabel('Email').fill('newcomer@example.com');
    await page.getByLabel('First name (optional)').fill('Nico');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nico, account menu' })).toBeVisible();
  } finally {
    await host.close();
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

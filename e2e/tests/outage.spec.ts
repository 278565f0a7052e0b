import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, ROOT, startApi, startHost } from '../support/servers';
import { completeWizardWithMouse } from '../support/wizard';

/**
 * Issue 16, point 4: a traveler's answers survive the API being down when they submit (a reload
 * keeps them too: request-journey.spec.ts). The
 * suite's own API is shared by every test, so this one gets a host and an API of its own (on its
 * own data folder) and stops and restarts that API.
 */
test('wizard answers survive an API outage during submit: the error shows, a retry creates the request once', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'trek-e2e-outage-'));
  const apiPort = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  // The session is made before the API holds the data folder (decision 3).
  const session = JSON.parse(
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'api/dist/create-session.js'),
        '--email',
        'outage@example.com',
        '--first-name',
        'Olga',
      ],
      { env: { ...env, DATA_DIR: dataDir }, encoding: 'utf8' },
    ),
  ) as { cookieName: string; token: string };
  const host = await startHost({ apiPort });
  const apiOptions = { port: apiPort, dataDir, publicOrigin: host.url, quiet: true };
  let api = await startApi(env, apiOptions);
  const context = await browser.newContext({ baseURL: host.url });
  await context.addCookies([
    {
      name: session.cookieName,
      value: session.token,
      url: host.url,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  const page = await context.newPage();
  try {
    await page.goto('/create-project');
    await completeWizardWithMouse(page, { trek: 'Lares', duration: '4 days / 3 nights', day: 12 });

    await api.stop();
    await page.getByRole('button', { name: 'Submit request' }).click();
    await expect(page.getByText('Error creating request')).toBeVisible();
    // Nothing is lost: the traveler is still on the last step with every answer.
    await expect(page).toHaveURL(/\/create-project/);
    await expect(page.getByRole('heading', { name: 'Group & preferences' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'English' })).toBeChecked();

    // The API is back: the same button sends the same answers, once.
    api = await startApi(env, apiOptions);
    await page.getByRole('button', { name: 'Submit request' }).click();
    await expect(page).toHaveURL(/\/project-success$/);
    await expect(page.getByRole('heading', { name: 'Trek Request Submitted!' })).toBeVisible();
    const list = (await (await page.request.get('/api/projects')).json()) as Array<{
      destination: string;
    }>;
    expect(list.map((p) => p.destination)).toEqual(['Lares']);
  } finally {
    await context.close();
    await api.stop();
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

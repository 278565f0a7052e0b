import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startThrowawayCluster } from '../../scripts/postgres.mjs';
import { freePort, ROOT, startApi, startHost } from '../support/servers';
import { completeWizardWithMouse } from '../support/wizard';

/**
 * Issue 16, point 6: two API processes on one PostgreSQL, behind the host, take turns answering
 * one traveler: the request created through one is read and edited through the other, the
 * session works on both, and a logout through one ends it on both (within the second a process
 * remembers a session, decision 8).
 */

/** Sends each request to the next API in turn; counts what each answered. */
function roundRobin(ports: number[]) {
  const served = ports.map(() => 0);
  let next = 0;
  const server: Server = createServer((req, res) => {
    const i = next;
    next = (next + 1) % ports.length;
    served[i] = (served[i] ?? 0) + 1;
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: ports[i],
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  return { server, served };
}

test('two API processes on one PostgreSQL serve one traveler in turns', async ({ browser }) => {
  test.setTimeout(240_000);
  const cluster = await startThrowawayCluster();
  const dataDir = mkdtempSync(join(tmpdir(), 'trek-e2e-two-apis-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: cluster.url,
  };
  const stops: Array<() => Promise<void>> = [];
  try {
    const session = JSON.parse(
      execFileSync(
        process.execPath,
        [
          join(ROOT, 'api/dist/create-session.js'),
          '--email',
          'twice@example.com',
          '--first-name',
          'Tomas',
        ],
        { env: { ...env, DATA_DIR: dataDir }, encoding: 'utf8' },
      ),
    ) as { cookieName: string; token: string };
    const [first, second, balancerPort] = [await freePort(), await freePort(), await freePort()];
    const balancer = roundRobin([first, second]);
    await new Promise<void>((resolve) =>
      balancer.server.listen(balancerPort, '127.0.0.1', resolve),
    );
    stops.push(() => new Promise<void>((resolve) => balancer.server.close(() => resolve())));
    const host = await startHost({ apiPort: balancerPort });
    stops.push(() => host.close());
    for (const port of [first, second]) {
      const api = await startApi(env, { port, dataDir, publicOrigin: host.url, quiet: true });
      stops.push(() => api.stop());
    }

    const context = await browser.newContext({ baseURL: host.url });
    stops.push(() => context.close());
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
    await page.goto('/create-project');
    await completeWizardWithMouse(page, { trek: 'Lares', duration: '4 days / 3 nights', day: 14 });
    await page.getByRole('button', { name: 'Submit request' }).click();
    await expect(page.getByRole('heading', { name: 'Trek Request Submitted!' })).toBeVisible();

    // Read several times: the turns alternate, both processes see the one request.
    for (let i = 0; i < 4; i += 1) {
      const list = (await (await page.request.get('/api/projects')).json()) as Array<{
        id: string;
      }>;
      expect(list).toHaveLength(1);
    }
    const [project] = (await (await page.request.get('/api/projects')).json()) as Array<{
      id: string;
    }>;
    await page.goto(`/u/projects/${project?.id}`);
    await expect(page.getByRole('heading', { name: 'Lares' }).first()).toBeVisible();
    const edited = await page.request.patch(`/api/projects/${project?.id}`, {
      headers: { origin: host.url },
      data: { groupSize: '3' },
    });
    expect(edited.status()).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const read = await page.request.get(`/api/projects/${project?.id}`);
      expect(((await read.json()) as { groupSize: number }).groupSize).toBe(3);
    }
    expect(
      balancer.served.every((n) => n > 2),
      `answered: ${balancer.served}`,
    ).toBe(true);

    // A logout through one process ends the session on both, within a second.
    const loggedOut = await page.request.post('/api/auth/logout', {
      headers: { origin: host.url },
    });
    expect(loggedOut.status()).toBe(200);
    await context.addCookies([
      {
        name: session.cookieName,
        value: session.token,
        url: host.url,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    await expect
      .poll(
        async () => [
          (await page.request.get('/api/auth/user')).status(),
          (await page.request.get('/api/auth/user')).status(),
        ],
        { timeout: 5_000 },
      )
      .toEqual([401, 401]);
  } finally {
    for (const stop of stops.reverse()) await stop();
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

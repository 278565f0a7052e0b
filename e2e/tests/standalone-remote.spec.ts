import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { REMOTES } from '@trek/shared/contract';
import { expect, test } from '../support/fixtures';
import { freePort, ROOT } from '../support/servers';
import { E2E_PORTS, TRAVELER_EMAIL } from '../support/suite-env';

/** Resolves once the dev server answers its page; the server's own failure ends the wait. */
async function answering(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the dev server exited (${server.exitCode})`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

// The README's "Developing one remote alone": a remote's development server shows its pages with
// the providers the host would give, against the suite's API, signed in by the site's cookie.
test('a remote run alone by its development server shows its page, signed in', async ({
  travelerPage: page,
}) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const output: string[] = [];
  const server = spawn('pnpm', ['exec', 'rsbuild', 'dev'], {
    cwd: join(ROOT, REMOTES.account.dir),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      ACCOUNT_PORT: String(port),
      HOST_PORT: E2E_PORTS.HOST_PORT,
      API_PORT: E2E_PORTS.API_PORT,
    },
    // Its own process group, so the server and what it starts stop together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    const url = `http://localhost:${port}`;
    await answering(url, server, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${output.join('')}`);
    });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${url}/u/settings`);
    await expect(page.getByText('Account (standalone)')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(page.getByText(TRAVELER_EMAIL).first()).toBeVisible();
    expect(problems).toEqual([]);
  } finally {
    if (server.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  }
});

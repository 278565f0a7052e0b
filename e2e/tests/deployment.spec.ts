import { cpSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { buildRemote, deployRemote, replaceFolder, scratchFolder } from '../support/remote-builds';
import { freePort, ROOT, startHost, startHostServing, startRemote } from '../support/servers';

/** The projects remote as its team's next release: same code, another page title. */
const NEXT_RELEASE: Array<[string, string]> = [['title="My Projects"', 'title="My Projects, v2"']];

let nextRelease = '';
const scratch: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  nextRelease = await buildRemote('projects', { replace: NEXT_RELEASE });
  scratch.push(nextRelease);
});
test.afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** Records whether the page-area fallback ever appeared, however briefly. */
async function watchForFallback(page: Page) {
  await page.addInitScript(() => {
    const state = { seen: false };
    Object.assign(window, { __fallback: state });
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('This page could not be loaded')) state.seen = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __fallback: { seen: boolean } }).__fallback.seen);
}

test('a remote redeployed under an open page: its next page shows the new version, without a fallback', async ({
  travelerPage: page,
}) => {
  // The projects remote, served from a folder this test redeploys in place.
  const served = scratchFolder('served-projects');
  scratch.push(served);
  cpSync(join(ROOT, 'mfe-projects/dist'), served, { recursive: true });
  const suite = await startHostServing('projects', served);
  const { host, remote } = suite;
  const wizardOrigin = new URL(host.remoteMap.wizard).origin;
  let wizardEntryLoads = 0;
  page.on('request', (request) => {
    if (request.url() === `${wizardOrigin}/remoteEntry.js`) wizardEntryLoads += 1;
  });
  const fallbackSeen = await watchForFallback(page);
  try {
    // The edit page of a project that does not exist: a projects page that is not My Projects.
    await page.goto(`${host.url}/u/projects/42/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible();
    // Another remote, with state of its own, open in the same page.
    await page.getByRole('link', { name: 'Create a new trek request' }).click();
    await page.getByRole('radio', { name: 'Salkantay', exact: true }).click();
    await expect(page.getByText('2 out of 4')).toBeVisible();
    await page.evaluate(() => Object.assign(window, { __samePage: true }));

    const oldChunk = readdirSync(join(served, 'static/js/async')).find((file) =>
      file.startsWith('__federation_expose_ProjectsPage'),
    );
    replaceFolder(served, nextRelease);
    // The server took the change: the old chunk is gone, the new files are served.
    expect((await fetch(`${remote.url}/static/js/async/${oldChunk}`)).status).toBe(404);
    expect((await fetch(`${remote.url}/mf-manifest.json`)).status).toBe(200);

    await page.getByRole('button', { name: 'Ana, account menu' }).click();
    await page.getByRole('menuitem', { name: 'My projects' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Projects, v2' })).toBeVisible();
    expect(await fallbackSeen()).toBe(false);

    // The wizard was not touched: same page, its entry loaded once, its answers where they were.
    await page.goBack();
    await expect(page.getByText('2 out of 4')).toBeVisible();
    expect(await page.evaluate(() => '__samePage' in window)).toBe(true);
    expect(wizardEntryLoads).toBe(1);
  } finally {
    await suite.close();
  }
});

test('a remote is switched and rolled back through the remote map file while the host runs', async ({
  travelerPage: page,
}) => {
  // A static host for immutable versions of the projects remote, as a CDN would be.
  const cdn = scratchFolder('cdn');
  scratch.push(cdn);
  const hostPort = await freePort();
  const cdnServer = await startRemote('projects', {
    hostOrigin: `http://localhost:${hostPort}`,
    dir: cdn,
  });
  const current = await deployRemote('projects', {
    from: join(ROOT, 'mfe-projects/dist'),
    to: cdn,
    baseUrl: cdnServer.url,
  });
  const next = await deployRemote('projects', {
    from: nextRelease,
    to: cdn,
    baseUrl: cdnServer.url,
  });
  expect(next.version).not.toBe(current.version);
  // Versions are kept side by side, and a version is never written twice.
  expect(existsSync(join(cdn, current.version, 'mf-manifest.json'))).toBe(true);
  expect(existsSync(join(cdn, next.version, 'mf-manifest.json'))).toBe(true);
  const again = await deployRemote('projects', {
    from: nextRelease,
    to: cdn,
    baseUrl: cdnServer.url,
  });
  expect(again.output).toContain('is already deployed');
  expect(
    (await fetch(current.manifestUrl)).headers.get('cache-control'),
    'a manifest is revalidated',
  ).toBe('no-cache');

  const host = await startHost({
    port: hostPort,
    remoteMap: { projects: current.manifestUrl },
    withMapFile: true,
  });
  const useProjects = (manifestUrl: string) =>
    writeFileSync(host.mapFile, JSON.stringify({ ...host.remoteMap, projects: manifestUrl }));
  try {
    await page.goto(`${host.url}/u/projects`);
    await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toHaveText(
      'My Projects',
    );

    useProjects(next.manifestUrl);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My Projects, v2' })).toBeVisible();

    useProjects(current.manifestUrl);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toHaveText(
      'My Projects',
    );
  } finally {
    await host.close();
    await cdnServer.close();
  }
});

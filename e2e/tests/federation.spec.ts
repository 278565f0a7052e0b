import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { freePort, startApi, startHost, startRemote } from '../support/servers';
import { dayLabel, dayNextMonth } from '../support/wizard';

test('a remote renders in the host with the host React, router and QueryClient', async ({
  travelerPage: page,
}) => {
  const listReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/projects') listReads.push(request.url());
  });
  await page.goto('/u/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: /^(Create Your First Trek Request|New Trek Request)$/ }).first(),
  ).toBeVisible();
  // The host starts the page's query with its code; the remote reads it from the host's one
  // QueryClient: the list is fetched once.
  // (No loading skeleton: the page's status lines for route changes and sign-out stay.)
  await expect(page.locator('[role="status"][aria-busy="true"]')).toHaveCount(0);
  expect(listReads).toHaveLength(1);

  // Every shared library on the page is one copy, provided by the host; the remote's own
  // fallback copies are never loaded.
  const loaded = await page.evaluate(() => {
    type Share = { from: string; loaded?: boolean; useIn?: string[] };
    type Scopes = Record<string, { default?: Record<string, Record<string, Share>> }>;
    const scopes = (window as unknown as { __FEDERATION__: { __SHARE__: Scopes } }).__FEDERATION__
      .__SHARE__;
    const rows: Array<{ pkg: string; version: string; from: string; useIn: string[] }> = [];
    for (const instance of Object.values(scopes)) {
      for (const [pkg, versions] of Object.entries(instance.default ?? {})) {
        for (const [version, share] of Object.entries(versions)) {
          if (share.loaded) rows.push({ pkg, version, from: share.from, useIn: share.useIn ?? [] });
        }
      }
    }
    return rows;
  });
  for (const pkg of [
    'react',
    'react-dom',
    'react-router-dom',
    '@tanstack/react-query',
    // Mantine is shared as slices under @trek/shared's name (decision 7).
    '@trek/shared/mantine/shell',
    '@trek/shared',
  ]) {
    const copies = loaded.filter((row) => row.pkg === pkg);
    expect(new Set(copies.map((row) => `${row.version} from ${row.from}`)), pkg).toEqual(
      new Set([`${copies[0]?.version} from host`]),
    );
  }
  expect(loaded.filter((row) => row.from !== 'host')).toEqual([]);
  for (const pkg of ['react/jsx-runtime', '@trek/shared']) {
    expect(loaded.find((row) => row.pkg === pkg)?.useIn, pkg).toContain('projects');
  }

  // A link inside the remote navigates with the host's router: no page reload.
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  await page.getByRole('link', { name: 'New Trek Request' }).click();
  await expect(page).toHaveURL('/create-project');
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
});

test('a stopped remote shows a fallback in the page area; Retry recovers once it is back', async ({
  travelerPage: page,
}) => {
  // The projects remote is served by this test, so it can be stopped and started again; the
  // host reads its address from the remote map without a rebuild.
  const remotePort = await freePort();
  const host = await startHost({
    remoteMap: { projects: `http://localhost:${remotePort}/mf-manifest.json` },
  });
  try {
    await page.goto(`${host.url}/u/projects`);
    const fallback = page.getByRole('alert');
    await expect(fallback).toContainText('This page could not be loaded');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // Other routes keep working.
    await page.getByRole('button', { name: 'Ana, account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('alert')).toBeVisible();

    const restarted = await startRemote('projects', { hostOrigin: host.url, port: remotePort });
    try {
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    } finally {
      await restarted.close();
    }
  } finally {
    await host.close();
  }
});

test('the system status card turns Inactive when the API stops', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trek-e2e-health-'));
  const apiPort = await freePort();
  const api = await startApi(process.env, {
    port: apiPort,
    dataDir,
    publicOrigin: 'http://localhost',
    quiet: true,
  });
  const host = await startHost({ apiPort });
  try {
    await page.clock.install();
    await page.goto(`${host.url}/dev/landing-internal`);
    await expect(page.getByText('Active', { exact: true })).toBeVisible();

    await api.stop();
    // The card polls every 30 seconds.
    await page.clock.fastForward(30_000);
    await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
  } finally {
    await api.stop();
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * Blocks the host's chunks that carry the dates library (dayjs, and @mantine/dates beside it),
 * which the host gives a remote only when one asks for it, as the wizard's dates step does.
 * `failed` lists the fetches that failed (the page has been told), `unblock` lets them through.
 */
async function blockHostDatesLibrary(page: Page) {
  const blocked = new Set<string>();
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    if (blocked.has(request.url())) failed.push(request.url());
  });
  const handler = async (route: Route) => {
    const response = await route.fetch();
    // dayjs marks its objects with this key: no other library the suite loads has it.
    if (!(await response.text()).includes('$isDayjsObject')) return route.fulfill({ response });
    blocked.add(route.request().url());
    return route.abort('internetdisconnected');
  };
  await page.route('**/static/js/async/**', handler);
  return { failed, unblock: () => page.unroute('**/static/js/async/**', handler) };
}

test('the dates library that could not be fetched ahead of the dates step is fetched when the step opens', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const network = await blockHostDatesLibrary(page);
  await page.goto('/create-project');
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Lares', exact: true }).click();
  // Step 2 fetches the dates step ahead; its library from the host fails.
  await expect(
    page.getByRole('heading', { name: 'How long would you like to trek?' }),
  ).toBeVisible();
  await expect.poll(() => network.failed.length).toBeGreaterThan(0);

  await network.unblock();
  await page.getByRole('radio', { name: /4 days \/ 3 nights/ }).click();
  await expect(page.getByRole('heading', { name: 'When would you like to trek?' })).toBeVisible();
  await page.getByRole('button', { name: 'Start date' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: dayLabel(dayNextMonth(15)), exact: true }).click();
  await expect(page.getByRole('button', { name: 'Start date' })).toContainText(
    String(dayNextMonth(15).getFullYear()),
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The failed fetch ahead left no unhandled error behind.
  expect(pageErrors).toEqual([]);
});

test('a dates step whose library cannot be fetched says the page could not be loaded; Retry brings the step', async ({
  page,
}) => {
  const network = await blockHostDatesLibrary(page);
  await page.goto('/create-project');
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Lares', exact: true }).click();
  await page.getByRole('radio', { name: /4 days \/ 3 nights/ }).click();

  const fallback = page.getByRole('alert');
  await expect(fallback).toContainText('This page could not be loaded');
  expect(network.failed.length).toBeGreaterThan(0);
  await network.unblock();
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'When would you like to trek?' })).toBeVisible();
  // The answers given before are kept.
  await expect(page.getByText('3 out of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Start date' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: dayLabel(dayNextMonth(15)), exact: true }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

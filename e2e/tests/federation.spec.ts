import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures';
import { freePort, startApi, startHost, startRemote } from '../support/servers';

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

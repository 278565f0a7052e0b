import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures';
import { buildRemote } from '../support/remote-builds';
import { ROOT, startHostServing } from '../support/servers';

/** The @trek/shared version today's host ships, and the versions its contract has recorded. */
const hostShared: string = JSON.parse(
  readFileSync(join(ROOT, 'shared/package.json'), 'utf8'),
).version;
const recorded = Object.keys(
  JSON.parse(readFileSync(join(ROOT, 'shared/exports.json'), 'utf8')) as Record<string, unknown>,
);

const parse = (version: string) => version.split('.').map(Number) as [number, number, number];
const [major, minor] = parse(hostShared);

/**
 * The newest recorded version before today's with the same major: what a remote built a release
 * ago was built against. (Right after a major release there is none yet, and the remote is built
 * against today's version itself.)
 */
const previous =
  recorded
    .filter((version) => {
      const [m, n, p] = parse(version);
      const [, , hostPatch] = parse(hostShared);
      return m === major && (n < minor || (n === minor && p < hostPatch));
    })
    .sort((a, b) => {
      const [x, y] = [parse(a), parse(b)];
      return x[1] - y[1] || x[2] - y[2];
    })
    .at(-1) ?? hostShared;
const newer = `${major}.${minor + 1}.0`;

/** The @trek/shared requirement a build's manifest declares. */
function requiredShared(build: string): string | undefined {
  const manifest = JSON.parse(readFileSync(join(build, 'mf-manifest.json'), 'utf8')) as {
    shared: Array<{ name: string; requiredVersion: string }>;
  };
  return manifest.shared.find((entry) => entry.name === '@trek/shared')?.requiredVersion;
}

test(`a remote built against an earlier @trek/shared (${previous}) runs in today's host (${hostShared})`, async ({
  travelerPage: page,
}) => {
  test.setTimeout(90_000);
  const build = await buildRemote('projects', {
    sharedVersion: previous,
    replace: [['title="My Projects"', 'title="My Projects, an earlier build"']],
  });
  const suite = await startHostServing('projects', build);
  try {
    expect(requiredShared(build)).toBe(`^${previous}`);
    await page.goto(`${suite.host.url}/u/projects`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'My Projects, an earlier build' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  } finally {
    await suite.close();
    rmSync(build, { recursive: true, force: true });
  }
});

test(`a remote that needs a newer @trek/shared (${newer}) shows the fallback and says why in the console`, async ({
  travelerPage: page,
}) => {
  test.setTimeout(90_000);
  const build = await buildRemote('projects', { sharedVersion: newer });
  const suite = await startHostServing('projects', build);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  try {
    expect(requiredShared(build)).toBe(`^${newer}`);
    await page.goto(`${suite.host.url}/u/projects`);
    const fallback = page.getByRole('alert');
    await expect(fallback).toContainText('This page needs a newer TrekPeru');
    await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    // Not a white screen: the rest of the site is there.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toHaveCount(0);
    expect(consoleErrors).toContainEqual(
      expect.stringContaining(
        `The "projects" remote needs @trek/shared ^${newer}, but this page runs ${hostShared}`,
      ),
    );
  } finally {
    await suite.close();
    rmSync(build, { recursive: true, force: true });
  }
});

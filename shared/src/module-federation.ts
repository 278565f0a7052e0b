/**
 * The Module Federation `shared` configuration of the host and every remote (used at build
 * time by their Rsbuild configs). Every library is a singleton with an explicit required version,
 * so one React, one router, one QueryClient context and one Mantine theme exist on a page.
 */
import sharedPackage from '../package.json' with { type: 'json' };
import { SHARED_PACKAGE_NAME } from './contract/index.js';

/** The version of this package's exports (docs/decisions/0005-versioned-shared-contract.md). */
export const SHARED_VERSION = sharedPackage.version;

interface SharedConfig {
  singleton: true;
  requiredVersion: string;
  version?: string;
  strictVersion?: boolean;
  eager?: boolean;
}

const peer = sharedPackage.devDependencies;

const SINGLETONS: Record<string, string> = {
  react: peer.react,
  // react/jsx-runtime, which every compiled component imports, must be the host's copy too.
  'react/': peer.react,
  'react-dom': peer['react-dom'],
  // Subpath imports such as react-dom/client must resolve to the same copy.
  'react-dom/': peer['react-dom'],
  'react-router': peer['react-router'],
  'react-router-dom': peer['react-router-dom'],
  '@tanstack/react-query': peer['@tanstack/react-query'],
  '@mantine/core': peer['@mantine/core'],
  '@mantine/hooks': peer['@mantine/hooks'],
  '@mantine/dates': peer['@mantine/dates'],
  '@mantine/notifications': peer['@mantine/notifications'],
  dayjs: peer.dayjs,
  // zod is left out on purpose: schemas hold no shared state, and a shared library is not
  // tree-shaken (the whole of zod, ~87 kB gzip, would load on every page). Each bundle keeps the
  // few zod parts it uses.
};

/**
 * The @trek/shared version a build declares it was made against. `TREK_SHARED_VERSION` makes a
 * build declare another one; the end-to-end tests use it to stand in for a remote built before
 * (or after) today's package.
 */
export function builtAgainstSharedVersion(env: Record<string, string | undefined> = process.env) {
  const declared = env.TREK_SHARED_VERSION;
  if (declared === undefined || declared === '') return SHARED_VERSION;
  if (!/^\d+\.\d+\.\d+$/.test(declared)) {
    throw new Error(`TREK_SHARED_VERSION must be a version such as 2.1.0 (got "${declared}")`);
  }
  return declared;
}

export function sharedDependencies(
  options: { eager?: boolean } = {},
): Record<string, SharedConfig> {
  const config: Record<string, SharedConfig> = {};
  for (const [name, version] of Object.entries(SINGLETONS)) {
    config[name] = { singleton: true, requiredVersion: `^${version}`, ...options };
  }
  // The workspace package: at least the version this build was made against, same major. With
  // a singleton and 'loaded-first' the runtime uses the copy the host already loaded, whatever
  // its version; strictVersion makes it refuse a copy that is too old (an error the host turns
  // into the page's fallback) instead of only warning and calling exports that do not exist.
  const builtAgainst = builtAgainstSharedVersion();
  config[SHARED_PACKAGE_NAME] = {
    singleton: true,
    strictVersion: true,
    requiredVersion: `^${builtAgainst}`,
    version: builtAgainst,
    ...options,
  };
  return config;
}

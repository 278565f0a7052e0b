/**
 * The Module Federation `shared` configuration of the host and every remote (used at build
 * time by their Rsbuild configs). Every library is a singleton with an explicit required version,
 * so one React, one router, one QueryClient context and one Mantine theme exist on a page.
 */
import sharedPackage from '../package.json' with { type: 'json' };

export const SHARED_VERSION = sharedPackage.version;

interface SharedConfig {
  singleton: true;
  requiredVersion: string;
  version?: string;
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

export function sharedDependencies(
  options: { eager?: boolean } = {},
): Record<string, SharedConfig> {
  const config: Record<string, SharedConfig> = {};
  for (const [name, version] of Object.entries(SINGLETONS)) {
    config[name] = { singleton: true, requiredVersion: `^${version}`, ...options };
  }
  // The workspace package: its version is set by hand (workspace:* has no semver to read), and a
  // remote built against an older 1.x must run with a newer host copy.
  config['@trek/shared'] = {
    singleton: true,
    requiredVersion: `^${SHARED_VERSION.split('.')[0]}.0.0`,
    version: SHARED_VERSION,
    ...options,
  };
  return config;
}

/**
 * The Module Federation `shared` configuration of every remote (used at build time by their
 * Rsbuild configs) and of what the host provides at run time (`hostShares`). Every library is a
 * singleton with an explicit required version, so one React, one router, one QueryClient context
 * and one Mantine theme exist on a page.
 *
 * Mantine, React Router and TanStack Query are shared as the parts the suite uses, not whole: a
 * shared library is never tree-shaken, and the whole of @mantine/core on every page was most of
 * what a page loaded (docs/decisions/0007-what-the-browser-receives.md).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharedPackage from '../package.json' with { type: 'json' };
import { SHARED_PACKAGE_NAME, SLICED_LIBRARIES } from './contract/index.js';

/** The version of this package's exports (docs/decisions/0005-versioned-shared-contract.md). */
export const SHARED_VERSION = sharedPackage.version;

interface SharedConfig {
  singleton: true;
  requiredVersion: string;
  version?: string;
  strictVersion?: boolean;
  /** The module provided under this name (default: the name itself); false: never provided. */
  import?: string | false;
}

const peer = sharedPackage.devDependencies;

const SINGLETONS: Record<string, string> = {
  react: peer.react,
  // react/jsx-runtime, which every compiled component imports, must be the host's copy too.
  'react/': peer.react,
  'react-dom': peer['react-dom'],
  // Subpath imports such as react-dom/client must resolve to the same copy.
  'react-dom/': peer['react-dom'],
  // Mantine's other packages import '@mantine/core' too, which every build reads as the slices.
  '@mantine/dates': peer['@mantine/dates'],
  '@mantine/notifications': peer['@mantine/notifications'],
  dayjs: peer.dayjs,
  // zod and @mantine/hooks are left out on purpose: they hold no shared state, and a shared
  // library is not tree-shaken. Each bundle keeps the few parts it uses.
};

/** The module of this package each library shared as a slice is read as, in every build. */
export const LIBRARY_SLICES: Record<(typeof SLICED_LIBRARIES)[number], string> = {
  'react-router-dom': `${SHARED_PACKAGE_NAME}/router`,
  '@tanstack/react-query': `${SHARED_PACKAGE_NAME}/react-query`,
};

/** The slices of @mantine/core the host shares (src/ui/mantine), by the pages that need them. */
export const MANTINE_SLICES = ['shell', 'forms', 'menus', 'dialogs'] as const;

const file = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const FACADE = file('./ui/mantine/facade.ts');

/**
 * What every build (host and remotes) reads for '@mantine/core': the facade over the slices, and
 * the real package behind the slices' own '#mantine-core' imports.
 */
export function mantineAliases(): Record<string, string> {
  return {
    '@mantine/core$': FACADE,
    '#mantine-core$': file('../node_modules/@mantine/core/esm/index.mjs'),
  };
}

/**
 * The facade has no side effects: a build may then bind each imported name straight to its
 * slice, so a page that shows no menu never loads the menus slice.
 */
export const MANTINE_FACADE_RULE = { test: FACADE, sideEffects: false } as const;

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
  options: { role?: 'host' | 'remote' } = {},
): Record<string, SharedConfig> {
  const { role = 'host' } = options;
  const config: Record<string, SharedConfig> = {};
  for (const [name, version] of Object.entries(SINGLETONS)) {
    config[name] = { singleton: true, requiredVersion: `^${version}` };
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
  };
  // The slices share their libraries' internals (Mantine's provider context and styles API, the
  // router's and the query client's contexts): a slice must come from the same build as the
  // others, so only the host provides them. A remote's production build carries none (its
  // standalone development page still does). They are of @trek/shared's version, which moves
  // when a slice gains a name (exports.test.ts): a remote needing a name the host's slice lacks
  // is refused like one needing a newer @trek/shared, instead of importing undefined.
  const hostOnly = role === 'remote' && process.env.NODE_ENV === 'production';
  const slice = (provided?: string): SharedConfig => ({
    singleton: true,
    strictVersion: true,
    requiredVersion: `^${builtAgainst}`,
    version: builtAgainst,
    ...(hostOnly ? { import: false } : provided ? { import: provided } : {}),
  });
  // Code imports these libraries by their own names; a remote reads them as the slices through
  // this configuration, the host through `librarySliceAliases`.
  for (const library of SLICED_LIBRARIES) config[library] = slice(LIBRARY_SLICES[library]);
  for (const name of MANTINE_SLICES) config[`${SHARED_PACKAGE_NAME}/mantine/${name}`] = slice();
  return config;
}

/**
 * The modules of this package that the host's builds read for the libraries shared as slices, so
 * the host's own code, @trek/shared's included, runs the very modules it gives the remotes (the
 * host is not a federated build: no share configuration rewrites its imports).
 */
export function librarySliceAliases(): Record<string, string> {
  const exported: Record<string, string> = sharedPackage.exports;
  return Object.fromEntries(
    SLICED_LIBRARIES.map((library) => {
      const subpath = `.${LIBRARY_SLICES[library].slice(SHARED_PACKAGE_NAME.length)}`;
      const module = exported[subpath];
      if (!module) throw new Error(`${SHARED_PACKAGE_NAME} exports no ${subpath} for ${library}`);
      return [`${library}$`, file(`../${module}`)];
    }),
  );
}

/**
 * The subpaths of a library shared by its prefix ('react/') that the host provides, each by its
 * own name: what compiled components import (the JSX runtime, and the development one, which a
 * production build of React only stubs) and React DOM's root API.
 */
function providedSubpaths(env: Record<string, string | undefined>): Record<string, string[]> {
  return {
    'react/': env.NODE_ENV === 'production' ? ['jsx-runtime'] : ['jsx-runtime', 'jsx-dev-runtime'],
    'react-dom/': ['client'],
  };
}

export interface HostShare {
  version: string;
  requiredVersion: string;
  strictVersion: boolean;
}

/**
 * The version of a library as installed for this package: the copy every build bundles (the
 * host's tests hold its own installs to the same copies).
 */
const installedVersion = (name: string): string =>
  (
    JSON.parse(readFileSync(file(`../node_modules/${name}/package.json`), 'utf8')) as {
      version: string;
    }
  ).version;

/**
 * What the host's page provides to the remotes, by share key, with the version it provides:
 * the host is not a federated build; it creates federation's runtime with the first remote page
 * and gives it its own copies (host/src/federation/host-federation.ts), so a page that shows no
 * remote never downloads the runtime (docs/decisions/0007-what-the-browser-receives.md).
 */
export function hostShares(
  env: Record<string, string | undefined> = process.env,
): Record<string, HostShare> {
  const shares: Record<string, HostShare> = {};
  const subpathsOf = providedSubpaths(env);
  for (const [key, config] of Object.entries(sharedDependencies({ role: 'host' }))) {
    const library = key.endsWith('/') ? key.slice(0, -1) : key;
    const share = {
      version: config.version ?? installedVersion(library),
      requiredVersion: config.requiredVersion,
      strictVersion: config.strictVersion === true,
    };
    const subpaths = subpathsOf[key];
    if (subpaths) for (const subpath of subpaths) shares[`${key}${subpath}`] = share;
    else shares[key] = share;
  }
  return shares;
}

import * as notifications from '@mantine/notifications';
import {
  createInstance,
  type ModuleFederation,
  registerGlobalPlugins,
} from '@module-federation/enhanced/runtime';
import injectExternalRuntimeCorePlugin from '@module-federation/inject-external-runtime-core-plugin';
import * as sharedPackage from '@trek/shared';
import * as shell from '@trek/shared/mantine/shell';
import type { HostShare } from '@trek/shared/module-federation';
import * as querySlice from '@trek/shared/react-query';
import * as routerSlice from '@trek/shared/router';
// React's packages are CommonJS: each is given as its `module.exports` (a default import), as a
// federated build provides it, so a remote's default and named imports both read it as usual.
import React from 'react';
import jsxRuntime from 'react/jsx-runtime';
import ReactDOM from 'react-dom';
import ReactDOMClient from 'react-dom/client';
import type { RemoteMap } from './remote-map';
import { resiliencePlugin } from './resilience-plugin';
import { retryFailedSharesPlugin } from './retry-failed-shares-plugin';
import { sharedContractPlugin } from './shared-contract-plugin';

/**
 * Federation's runtime, created with the first remote page the user opens: this module is a
 * chunk of its own, so the host's first script carries no federation at all and a page without
 * a remote (the landing page, sign-in) never downloads it. The host's server preloads it with
 * the pages that show a remote (scripts/serve.mjs).
 */

/**
 * What the host provides, by share key, with versions and requirements from
 * `@trek/shared/module-federation`'s `hostShares()`, which the build defines (rsbuild.config.ts).
 */
declare const __TREK_HOST_SHARES__: Record<string, HostShare>;

type HostModule = { lib: object } | { load: () => Promise<object> };

/**
 * The host's own copy of each shared module: the very modules its own code runs, so a remote
 * shares the page's React, router, QueryClient context and Mantine theme. What a host page may
 * not need (three Mantine slices, the dates, the development JSX runtime) comes as a chunk of its
 * own, when a remote asks for it: every remote using dates then uses the host's copy, not the one
 * of whichever remote happened to start first.
 */
export const HOST_MODULES: Record<string, HostModule> = {
  react: { lib: React },
  'react/jsx-runtime': { lib: jsxRuntime },
  'react/jsx-dev-runtime': { load: () => import('react/jsx-dev-runtime').then((m) => m.default) },
  'react-dom': { lib: ReactDOM },
  'react-dom/client': { lib: ReactDOMClient },
  '@mantine/notifications': { lib: notifications },
  '@trek/shared': { lib: sharedPackage },
  'react-router-dom': { lib: routerSlice },
  '@tanstack/react-query': { lib: querySlice },
  '@trek/shared/mantine/shell': { lib: shell },
  '@trek/shared/mantine/forms': { load: () => import('@trek/shared/mantine/forms') },
  '@trek/shared/mantine/menus': { load: () => import('@trek/shared/mantine/menus') },
  '@trek/shared/mantine/dialogs': { load: () => import('@trek/shared/mantine/dialogs') },
  '@mantine/dates': { load: () => import('@mantine/dates') },
  dayjs: { load: () => import('dayjs').then((m) => m.default) },
};

/** The runtime's `shared` option: every share key the build names, each with the host's module. */
export function hostShared(shares: Record<string, HostShare> = __TREK_HOST_SHARES__) {
  return Object.fromEntries(
    Object.entries(shares).map(([key, { version, requiredVersion, strictVersion }]) => {
      const module = HOST_MODULES[key];
      if (!module) throw new Error(`The host has no module to provide as "${key}"`);
      const base = {
        version,
        scope: 'default',
        shareConfig: { singleton: true, requiredVersion, strictVersion },
      };
      if ('lib' in module) return [key, { ...base, lib: () => module.lib }];
      const { load } = module;
      return [key, { ...base, get: () => load().then((loaded) => () => loaded) }];
    }),
  );
}

export interface HostFederationOptions {
  remotes: RemoteMap;
  /** How the runtime reads a remote's manifest (the resilience plugin retries it). */
  fetchManifest: typeof fetch;
  /** Told the text of every manifest the runtime reads (skew recovery compares with it). */
  onManifest: (url: string, text: string) => void;
}

export type HostFederation = ModuleFederation;

export function createHostFederation({
  remotes,
  fetchManifest,
  onManifest,
}: HostFederationOptions): HostFederation {
  // Global: each remote's own runtime, created when its entry script runs, picks them up too.
  registerGlobalPlugins([sharedContractPlugin(), retryFailedSharesPlugin()]);
  return createInstance({
    name: 'host',
    remotes: Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
    shared: hostShared(),
    // An offline remote must not stop another from loading; shared modules come from the copy
    // already loaded (the host's).
    shareStrategy: 'loaded-first',
    // The remotes' entries use this runtime instead of each bringing a copy (their builds'
    // externalRuntime); the plugin hands it to them.
    plugins: [
      injectExternalRuntimeCorePlugin(),
      resiliencePlugin({ fetchImpl: fetchManifest, onManifest }),
    ],
  });
}

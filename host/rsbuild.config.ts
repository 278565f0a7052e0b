import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginCompileHints } from '@trek/shared/build/compile-hints-plugin';
import { pluginFederationRuntimeEsm } from '@trek/shared/build/federation-runtime-esm-plugin';
import { pluginPrecompress } from '@trek/shared/build/precompress-plugin';
import { publicEnvDefines } from '@trek/shared/build/public-env';
import { API_PATHS } from '@trek/shared/contract';
import {
  hostShares,
  librarySliceAliases,
  MANTINE_FACADE_RULE,
  mantineAliases,
} from '@trek/shared/module-federation';
import { remoteMap, suiteConfig } from '../scripts/suite-config.mjs';

const suite = suiteConfig(process.env);
const apiOrigin = suite.apiOrigin;

/**
 * Dev only: remote edits hot-reload inside the host once react-refresh finds a renderer hook
 * (nx#36393, module-federation-examples#4405). Never shipped in production builds, whose pages
 * allow no inline script (docs/decisions/0004-page-security-headers.md).
 */
const devtoolsHookStub = `window.__REACT_DEVTOOLS_GLOBAL_HOOK__ ??= {
  renderers: new Map(), supportsFiber: true,
  inject(renderer) { const id = this.renderers.size + 1; this.renderers.set(id, renderer); return id; },
  onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
};`;

/**
 * `TREK_HOST_BUILD=monolith`: the yardstick build of the same routes and pages with no Module
 * Federation (src/federation/monolith-runtime.ts), into dist-monolith/, for `npm run bench`.
 */
const monolith = process.env.TREK_HOST_BUILD === 'monolith';
/**
 * `TREK_HOST_BUILD=prerender`: src/prerender/ for Node, into dist-prerender/, which
 * scripts/prerender.mjs runs after a build to write each fixed-URL route's markup into the
 * build's prerendered/ folder.
 */
const prerender = process.env.TREK_HOST_BUILD === 'prerender';
const entry: Record<string, string> = prerender
  ? { prerender: './src/prerender/route-html.tsx' }
  : { index: './src/index.ts' };

export default defineConfig(({ envMode }) => ({
  plugins: [
    pluginReact(),
    ...(prerender ? [] : [pluginPrecompress(), pluginCompileHints()]),
    ...(monolith || prerender ? [] : [pluginFederationRuntimeEsm()]),
  ],
  ...(monolith
    ? {
        output: { distPath: { root: 'dist-monolith' } },
      }
    : {}),
  ...(prerender
    ? {
        output: {
          target: 'node',
          distPath: { root: 'dist-prerender' },
          filename: { js: '[name].mjs' },
          minify: false,
        },
      }
    : {}),
  source: {
    entry,
    define: {
      ...publicEnvDefines(),
      ...(monolith || prerender
        ? {}
        : {
            // What the host provides to the remotes when it creates federation's runtime with
            // the first remote page (src/federation/host-federation.ts): the host itself is not
            // a federated build.
            __TREK_HOST_SHARES__: JSON.stringify(hostShares()),
            // The runtime then leaves out its Node.js script loaders, as a federated build's
            // `experiments.optimization.target: 'web'` has it do.
            ENV_TARGET: JSON.stringify('web'),
          }),
    },
  },
  // Every build of the host reads Mantine, React Router and TanStack Query as the slices it gives
  // the remotes.
  resolve: { alias: { ...mantineAliases(), ...librarySliceAliases() } },
  tools: {
    rspack: (config, { rspack, appendPlugins }) => {
      config.module ??= {};
      config.module.rules = [...(config.module.rules ?? []), MANTINE_FACADE_RULE];
      if (monolith || prerender) {
        appendPlugins(
          new rspack.NormalModuleReplacementPlugin(
            /src[\\/]federation[\\/]runtime\.ts$/,
            fileURLToPath(new URL('./src/federation/monolith-runtime.ts', import.meta.url)),
          ),
        );
      }
    },
  },
  html: {
    template: './index.html',
    // The remote map: which manifest URL each remote is served from. scripts/serve.mjs rewrites
    // it on every page it serves, from the remote map file, so a remote can move without
    // rebuilding or restarting the host. A JSON data block is never executed: no inline script.
    tags: [
      {
        tag: 'script',
        attrs: { id: 'remote-map', type: 'application/json' },
        children: JSON.stringify(remoteMap(suite)),
        head: true,
        append: false,
      },
      ...(envMode === 'development'
        ? [{ tag: 'script', children: devtoolsHookStub, head: true, append: false }]
        : []),
    ],
  },
  server: {
    port: suite.hostPort,
    strictPort: true,
    historyApiFallback: true,
    // The host origin fronts the API so cookies stay first-party.
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, apiOrigin])),
  },
  performance: {
    chunkSplit: {
      strategy: 'split-by-experience',
      // Federation's runtime and the host's use of it in one chunk, which the page preloads.
      override: {
        cacheGroups: {
          federation: {
            test: /[\\/](?:@module-federation[\\/]|src[\\/]federation[\\/]host-federation\.ts$)/,
            name: 'federation',
            chunks: 'async',
            enforce: true,
            priority: 100,
          },
        },
      },
    },
    // Federation's runtime starts downloading with the page's scripts instead of after them: one
    // sequential fetch fewer before a remote page paints. The host's server keeps the hint only
    // in pages that show a remote (scripts/serve.mjs).
    preload: { type: 'async-chunks', include: [/[\\/]federation\.[0-9a-f]+\.js$/] },
  },
}));

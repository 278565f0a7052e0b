import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginFederationRuntimeEsm } from '@trek/shared/build/federation-runtime-esm-plugin';
import { pluginPrecompress } from '@trek/shared/build/precompress-plugin';
import { API_PATHS } from '@trek/shared/contract';
import {
  MANTINE_FACADE_RULE,
  mantineAliases,
  sharedDependencies,
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
  : { index: monolith ? './src/monolith.ts' : './src/index.ts' };

function federation() {
  return pluginModuleFederation({
    name: 'host',
    // Remotes are registered at runtime from the page's remote map (src/federation), so a
    // remote can be redeployed or moved without rebuilding the host.
    remotes: {},
    shared: sharedDependencies(),
    // An offline remote must not stop the host from starting; only the current route's
    // remote is fetched.
    shareStrategy: 'loaded-first',
    // Exposed modules are typed from the remotes' own sources (same workspace); no download.
    dts: false,
    // The remotes' entries use this page's runtime instead of each bringing a copy.
    experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
  });
}

export default defineConfig(({ envMode }) => ({
  plugins: [
    pluginReact(),
    ...(prerender ? [] : [pluginPrecompress()]),
    ...(monolith || prerender ? [] : [pluginFederationRuntimeEsm(), federation()]),
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
  source: { entry },
  resolve: { alias: mantineAliases() },
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
    chunkSplit: { strategy: 'split-by-experience' },
    // The app's code (src/bootstrap.ts and src/app.tsx, behind Module Federation's async boundary) and its
    // styles start downloading with the page's scripts instead of after them: one sequential
    // fetch fewer before any page paints.
    preload: { type: 'async-chunks', include: [/[\\/]bootstrap\.[0-9a-f]+\.(?:js|css)$/] },
  },
}));

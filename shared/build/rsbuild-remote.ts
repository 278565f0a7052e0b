import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { suiteConfig } from '../../scripts/suite-config.mjs';
import {
  chunkLoadingGlobalOf,
  type ExposedPage,
  REMOTE_ENTRY_FILE,
  type RemoteName,
} from '../src/contract/index.js';
import { MANTINE_FACADE_RULE, mantineAliases, sharedDependencies } from '../src/module-federation';
import { pluginCompileHints } from './compile-hints-plugin';
import { standaloneApiProxy } from './dev-api-proxy';
import { pluginFederationRuntimeEsm } from './federation-runtime-esm-plugin';
import { pluginPrecompress } from './precompress-plugin';
import { publicEnvDefines } from './public-env';

/** Compiled into each remote's entry: a shared module that could not come fails its chunk's load. */
const SHARE_FAILURE_RUNTIME_PLUGIN = './share-failure-runtime-plugin.ts';

export interface RemoteConfigOptions<Name extends RemoteName> {
  /** Module Federation name; the host's remote map uses the same key. */
  name: Name;
  /**
   * The source file of each page module the federation contract says this remote exposes, e.g.
   * `{ ProjectsPage: './src/pages/projects-page.tsx' }`: one missing or extra is a type error.
   */
  exposes: Record<ExposedPage<Name>, string>;
  /** Title of the standalone development page. */
  title: string;
}

/**
 * The Rsbuild config every remote uses: an MF2 remote with a manifest, every library shared as a
 * singleton, chunks loaded from wherever the remote is served, and a standalone dev server that
 * talks to the same API as the host.
 */
export function defineRemoteConfig<Name extends RemoteName>({
  name,
  exposes,
  title,
}: RemoteConfigOptions<Name>): RsbuildConfig {
  const suite = suiteConfig(process.env);
  const apiOrigin = suite.apiOrigin;
  if (process.env.TREK_REMOTE_BUILD === 'prerender') return prerenderConfig();
  const production = process.env.NODE_ENV === 'production';
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginPrecompress(),
      pluginCompileHints(),
      pluginFederationRuntimeEsm(),
      pluginModuleFederation({
        name,
        exposes: Object.fromEntries(
          Object.entries<string>(exposes).map(([page, file]) => [`./${page}`, file]),
        ),
        filename: REMOTE_ENTRY_FILE,
        manifest: true,
        shared: sharedDependencies({ role: 'remote' }),
        shareStrategy: 'loaded-first',
        // In production only, where the host provides every shared module (the plugin's premise).
        // A standalone development page provides its own, and with the plugin their loads never
        // settled: the page stayed blank. A path named by a variable: Vite (the tests) rewrites
        // `new URL('literal', import.meta.url)`.
        runtimePlugins: production
          ? [fileURLToPath(new URL(SHARE_FAILURE_RUNTIME_PLUGIN, import.meta.url))]
          : [],
        dts: false,
        // In production the host's page already runs the federation runtime: the remote entry
        // uses it instead of bringing a second copy (the standalone dev page keeps its own). A
        // remote loads no other remote, so its entry leaves out the code that would (0.6 kB).
        experiments: {
          externalRuntime: production,
          optimization: { target: 'web', disableRemote: true },
        },
      }),
    ],
    // The dev bootstrap (src/index.ts) gives the remote providers and a router when run alone.
    source: { entry: { index: './src/index.ts' }, define: publicEnvDefines() },
    resolve: { alias: mantineAliases() },
    html: { title: `${title} (standalone)` },
    output: {
      // Chunks load from wherever the manifest was fetched, so the URL is runtime configuration.
      assetPrefix: 'auto',
    },
    tools: {
      // A name of the remote's own: the host gives a redeployed remote a fresh one, so chunks of
      // two builds never meet (docs/decisions/0006-skew-recovery.md).
      rspack: {
        output: { chunkLoadingGlobal: chunkLoadingGlobalOf(name) },
        module: { rules: [MANTINE_FACADE_RULE] },
      },
    },
    server: {
      port: suite.remotes[name].port,
      strictPort: true,
      historyApiFallback: true,
      // The host's page reads the manifest with fetch(), which needs CORS; nothing else does.
      cors: { origin: `http://localhost:${suite.hostPort}`, methods: ['GET', 'HEAD'] },
      proxy: standaloneApiProxy(apiOrigin, suite.publicOrigin),
    },
  });
}

/**
 * `TREK_REMOTE_BUILD=prerender`: the remote's src/prerender.tsx for Node, into dist-prerender/,
 * which shared/build/prerender-pages.mjs runs after the remote's build to write the markup of the
 * pages every visitor first sees the same (docs/decisions/0007-what-the-browser-receives.md).
 * Same project root and CSS Modules settings as the browser build, so the class names match.
 */
function prerenderConfig(): RsbuildConfig {
  return defineConfig({
    plugins: [pluginReact()],
    source: { entry: { prerender: './src/prerender.tsx' }, define: publicEnvDefines() },
    resolve: { alias: mantineAliases() },
    output: {
      target: 'node',
      distPath: { root: 'dist-prerender' },
      filename: { js: '[name].mjs' },
      minify: false,
    },
    tools: { rspack: { module: { rules: [MANTINE_FACADE_RULE] } } },
  });
}

import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { type RemoteName, suiteConfig } from '../../scripts/suite-config.mjs';
import { sharedDependencies } from '../src/module-federation';

export interface RemoteConfigOptions {
  /** Module Federation name; the host's remote map uses the same key. */
  name: RemoteName;
  /** Exposed page modules, e.g. `{ './ProjectsPage': './src/pages/projects-page.tsx' }`. */
  exposes: Record<string, string>;
  /** Title of the standalone development page. */
  title: string;
}

/**
 * The Rsbuild config every remote uses: an MF2 remote with a manifest, every library shared as a
 * singleton, chunks loaded from wherever the remote is served, and a standalone dev server that
 * talks to the same API as the host.
 */
export function defineRemoteConfig({ name, exposes, title }: RemoteConfigOptions): RsbuildConfig {
  const suite = suiteConfig(process.env);
  const apiOrigin = suite.apiOrigin;
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        exposes,
        filename: 'remoteEntry.js',
        manifest: true,
        shared: sharedDependencies(),
        shareStrategy: 'loaded-first',
        dts: false,
      }),
    ],
    // The dev bootstrap (src/index.ts) gives the remote providers and a router when run alone.
    source: { entry: { index: './src/index.ts' } },
    html: { title: `${title} (standalone)` },
    output: {
      // Chunks load from wherever the manifest was fetched, so the URL is runtime configuration.
      assetPrefix: 'auto',
    },
    server: {
      port: suite.remotes[name].port,
      strictPort: true,
      historyApiFallback: true,
      // The host fetches the manifest with fetch(), which needs CORS.
      cors: { origin: '*' },
      // /auth/conflict is a page; only the OAuth routes under /auth belong to the API.
      proxy: Object.fromEntries(
        ['/api', '/health', '/auth/google', '/auth/facebook'].map((path) => [path, apiOrigin]),
      ),
    },
  });
}

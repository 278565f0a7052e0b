import { createRequire } from 'node:module';
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';

/** Where Rspack's Module Federation plugin finds the runtime packages (its own resolution). */
function runtimeResolver(root: string): NodeJS.Require {
  const fromProject = createRequire(`${root}/package.json`);
  return createRequire(fromProject.resolve('@module-federation/runtime-tools'));
}

/** An absolute path to the CommonJS build of a federation runtime package. */
const COMMONJS_FEDERATION_FILE =
  /^[/\\].*[/\\]@module-federation[/\\][\w-]+[/\\]dist[/\\][\w/\\-]+\.cjs$/;

/** The ES module build beside a package's CommonJS entry (`dist/index.cjs` -> `dist/index.js`). */
function esmBeside(cjsFile: string): string {
  if (!cjsFile.endsWith('.cjs')) throw new Error(`expected a CommonJS entry, got ${cjsFile}`);
  return cjsFile.replace(/\.cjs$/, '.js');
}

/**
 * Rspack's Module Federation plugin points the page at the federation runtime with
 * `require.resolve`, i.e. the packages' CommonJS builds, which no bundler can tree-shake: every
 * page carried all of @module-federation/sdk (Node loaders, logger, manifest helpers) and every
 * error text, ~5 kB brotli in each remote entry. Pointing the same imports at the ES module
 * builds the same packages ship lets unused code fall away; the runtime itself is unchanged.
 */
export function pluginFederationRuntimeEsm(): RsbuildPlugin {
  return {
    name: 'trek:federation-runtime-esm',
    apply: 'build',
    setup(api) {
      api.modifyRspackConfig((config, { rspack, appendPlugins }) => {
        const resolveRuntime = runtimeResolver(api.context.rootPath);
        // The federation plugin spreads the project's aliases over its own: these win.
        config.resolve ??= {};
        config.resolve.alias = {
          ...config.resolve.alias,
          '@module-federation/runtime': esmBeside(
            resolveRuntime.resolve('@module-federation/runtime'),
          ),
          '@module-federation/runtime-tools': esmBeside(
            resolveRuntime.resolve('@module-federation/runtime-tools'),
          ),
        };
        // The bundler runtime and the runtime plugins are imported by absolute path from
        // generated entry modules.
        appendPlugins([
          new rspack.NormalModuleReplacementPlugin(COMMONJS_FEDERATION_FILE, (resource) => {
            resource.request = esmBeside(resource.request);
          }),
          {
            // A later release may reach its runtime by another path: the build says so rather
            // than quietly shipping the CommonJS builds again.
            apply(compiler: Rspack.Compiler) {
              compiler.hooks.compilation.tap('trek:federation-runtime-esm', (compilation) => {
                compilation.hooks.finishModules.tap('trek:federation-runtime-esm', (modules) => {
                  const commonjs = [...modules]
                    .map((module) => module.nameForCondition() ?? '')
                    .filter((resource) => /[/\\]@module-federation[/\\].*\.cjs$/.test(resource));
                  if (commonjs.length === 0) return;
                  compilation.errors.push(
                    new rspack.WebpackError(
                      `The federation runtime is bundled from its CommonJS build (${commonjs.length} ` +
                        `files, e.g. ${commonjs[0]}): see shared/build/federation-runtime-esm-plugin.ts.`,
                    ),
                  );
                });
              });
            },
          },
        ]);
      });
    },
  };
}

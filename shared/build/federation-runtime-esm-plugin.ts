import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';

const NAME = 'trek:federation-runtime-esm';

/** A file of a federation runtime package's CommonJS build. */
const COMMONJS_FEDERATION_FILE = /[/\\]@module-federation[/\\][\w-]+[/\\]dist[/\\].+\.cjs$/;

/** The packages the federation plugin aliases to files it resolved with `require.resolve`. */
const ALIASED_RUNTIME = ['@module-federation/runtime', '@module-federation/runtime-tools'];

/**
 * The ES module file the package ships beside one of its CommonJS files (`index.cjs` ->
 * `index.js`, or `.mjs`), if there is one.
 */
function esmBeside(commonjsFile: string): string | undefined {
  if (!isAbsolute(commonjsFile) || !COMMONJS_FEDERATION_FILE.test(commonjsFile)) return undefined;
  return ['.js', '.mjs']
    .map((extension) => commonjsFile.replace(/\.cjs$/, extension))
    .find((file) => existsSync(file));
}

/**
 * Rspack's Module Federation plugin points the page at the federation runtime with
 * `require.resolve`, i.e. the packages' CommonJS builds, which no bundler can tree-shake: every
 * page carried all of @module-federation/sdk (Node loaders, logger, manifest helpers) and every
 * error text, ~4-5 kB brotli in each remote entry. Pointing the same imports at the ES module
 * builds the same packages ship lets unused code fall away; the runtime itself is unchanged. The
 * files are the ones the federation plugin resolved itself, so this follows whichever copy it
 * uses. The host imports the runtime itself, by the packages' ES module exports: there the
 * plugin finds nothing to replace, and its check guards that it stays so.
 */
export function pluginFederationRuntimeEsm(): RsbuildPlugin {
  return {
    name: NAME,
    apply: 'build',
    setup(api) {
      api.modifyRspackConfig((_config, { rspack, appendPlugins }) => {
        appendPlugins([
          // The bundler runtime and the runtime plugins are imported by absolute path from
          // modules the federation plugin generates.
          new rspack.NormalModuleReplacementPlugin(COMMONJS_FEDERATION_FILE, (resource) => {
            const esm = esmBeside(resource.request);
            if (esm) resource.request = esm;
          }),
          {
            apply(compiler: Rspack.Compiler) {
              // The federation plugin sets its aliases as it is applied; the build reads them
              // when it runs.
              compiler.hooks.beforeRun.tap(NAME, () => {
                const alias = compiler.options.resolve.alias;
                if (!alias || Array.isArray(alias)) return;
                for (const name of ALIASED_RUNTIME) {
                  const target = alias[name];
                  const esm = typeof target === 'string' ? esmBeside(target) : undefined;
                  if (esm) alias[name] = esm;
                }
              });
              // A later release may reach its runtime by another path: the build says so rather
              // than quietly shipping the CommonJS builds again.
              compiler.hooks.compilation.tap(NAME, (compilation) => {
                compilation.hooks.finishModules.tap(NAME, (modules) => {
                  const commonjs = [...modules]
                    .map((module) => module.nameForCondition() ?? '')
                    .filter((resource) => COMMONJS_FEDERATION_FILE.test(resource));
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

import { type ProcessAssetsHandler, type RsbuildPluginAPI, rspack } from '@rsbuild/core';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, pluginCompileHints } from './compile-hints-plugin';

type Source = InstanceType<typeof rspack.sources.Source>;

/** Runs the plugin's asset step on the given files, as Rspack would after minifying them. */
function processBuild(files: Record<string, string>) {
  let descriptor: unknown;
  let handler: ProcessAssetsHandler | undefined;
  const api = {
    processAssets: (d: unknown, h: ProcessAssetsHandler) => {
      descriptor = d;
      handler = h;
    },
  } as unknown as RsbuildPluginAPI;
  void pluginCompileHints().setup(api);
  const assets: Record<string, Source> = Object.fromEntries(
    Object.entries(files).map(([name, text]) => [name, new rspack.sources.RawSource(text)]),
  );
  const compilation = {
    updateAsset: (name: string, update: (source: Source) => Source) => {
      assets[name] = update(assets[name] as Source);
    },
  };
  void handler?.({
    assets,
    compilation,
    sources: rspack.sources,
  } as unknown as Parameters<ProcessAssetsHandler>[0]);
  const text = Object.fromEntries(
    Object.entries(assets).map(([name, source]) => [name, String(source.source())]),
  );
  return { descriptor, text };
}

describe('pluginCompileHints', () => {
  it('starts every JavaScript file with V8 compile hint, and leaves the other files alone', () => {
    const { text } = processBuild({
      'static/js/index.abc.js': '(()=>{"use strict";})();',
      'remoteEntry.js': 'var projects;',
      'static/css/index.abc.css': 'a{color:red}',
      'static/js/lib-react.abc.js.LICENSE.txt': '/* MIT */',
      'mf-manifest.json': '{}',
    });
    expect(text['static/js/index.abc.js']).toBe(`${COMPILE_HINT}(()=>{"use strict";})();`);
    expect(text['remoteEntry.js']).toBe(`${COMPILE_HINT}var projects;`);
    expect(text['static/css/index.abc.css']).toBe('a{color:red}');
    expect(text['static/js/lib-react.abc.js.LICENSE.txt']).toBe('/* MIT */');
    expect(text['mf-manifest.json']).toBe('{}');
  });

  it('is the very first line, as V8 requires, in browser builds only, after minification', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
    const { descriptor } = processBuild({});
    // The minifier, at the 'optimize-size' stage, would drop the comment; the content hashes
    // ('optimize-hash') are computed later, so they cover it.
    expect(descriptor).toEqual({ stage: 'optimize-inline', targets: ['web'] });
  });
});

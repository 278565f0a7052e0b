import type { RsbuildPlugin } from '@rsbuild/core';
import { precompress } from '../../scripts/precompress.mjs';

/**
 * Production builds leave a `.br` and a `.gz` beside every text file, so servers send compressed
 * bytes without compressing on each request (docs/decisions/0007-what-the-browser-receives.md).
 */
export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'trek:precompress',
    apply: 'build',
    setup(api) {
      api.onAfterBuild(async ({ stats }) => {
        if (stats?.hasErrors()) return;
        const { files, bytes, brotliBytes } = await precompress(api.context.distPath);
        api.logger.info(
          `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} kB -> ${(brotliBytes / 1024).toFixed(0)} kB brotli`,
        );
      });
    },
  };
}

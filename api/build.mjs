// @ts-check
/**
 * Bundles the API for Node 20 with esbuild: the workspace package @trek/shared (whose zod schemas
 * validate requests here too) is compiled in; npm dependencies stay external.
 */
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = [
  ...Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@trek/')),
  // A development dependency the development sign-in imports on demand, never in production.
  'oidc-provider',
];

await build({
  entryPoints: {
    server: 'src/server.ts',
    'create-session': 'src/cli/create-session.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
    'copy-to-postgres': 'src/cli/copy-to-postgres.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});

// @ts-check
/** `npm run bench`: production build, then the cold-load figures of e2e/bench.mjs. */
import { buildAll, ensureChromium, installDependencies, pnpm, step } from './toolchain.mjs';

await installDependencies();
await ensureChromium();
await buildAll();
step('Measuring cold loads in Chromium');
await pnpm(['--filter', '@trek/e2e', 'run', 'bench']);

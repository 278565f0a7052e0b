// @ts-check
/**
 * `npm run bench`: production builds (the suite, and the host's monolith yardstick), then the
 * figures of e2e/bench.mjs (what the browser receives, Lighthouse, layout shift) and of
 * api/bench/throughput.mjs (requests per second), then the load run of api/bench/load.mjs (which
 * fails on an error or an inconsistency). Figures otherwise, no thresholds.
 */
import { buildAll, ensureChromium, installDependencies, pnpm, step } from './toolchain.mjs';

await installDependencies();
await ensureChromium();
await buildAll();
step('Building the monolith yardstick (the same pages in the host, no federation)');
await pnpm(['--filter', '@trek/host', 'build'], {
  env: { ...process.env, TREK_HOST_BUILD: 'monolith' },
});
if (process.env.BENCH_PAGES !== '0') {
  step('Measuring pages in Chromium');
  await pnpm(['--filter', '@trek/e2e', 'run', 'bench']);
}
if (process.env.BENCH_API !== '0') {
  step('Measuring the API');
  await pnpm(['--filter', '@trek/api', 'run', 'bench']);
}
if (process.env.BENCH_LOAD !== '0') {
  step('Load: travelers signing in, creating, listing, editing and deleting at once');
  await pnpm(['--filter', '@trek/api', 'run', 'bench:load']);
}

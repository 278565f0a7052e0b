import { config as zodConfig } from 'zod';

// zod compiles object parsers with `new Function` unless told not to; the site's pages allow no
// eval (docs/decisions/0004-page-security-headers.md), and its probe alone would be reported as
// a violation. The setting lives on globalThis, so the remotes' own copies of zod follow it, and
// it must come before any schema is made.
zodConfig({ jitless: true });

// The async boundary lets Module Federation negotiate shared singletons (React, router, query
// client, Mantine, @trek/shared) before any of them is evaluated. The chunk is named so that
// the page preloads it with the scripts it names (rsbuild.config.ts, performance.preload).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');

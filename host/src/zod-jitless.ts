import { config as zodConfig } from 'zod';

// zod compiles object parsers with `new Function` unless told not to; the site's pages allow no
// eval (docs/decisions/0004-page-security-headers.md), and its probe alone would be reported as
// a violation. The setting lives on globalThis, so the remotes' own copies of zod follow it, and
// it must come before any schema is made: entries import this module first.
zodConfig({ jitless: true });

/**
 * The build-time settings of the browser code (README, "Configuration"), for each build's
 * `source.define`. Rsbuild replaces a public (`PUBLIC_`) variable only when it is set, and the
 * code cannot guard an unset one with `typeof process` (no `process` in a browser: the guard kept
 * every build on the default). Defined here always, set or not, the code reads it plainly.
 */
export function publicEnvDefines(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return {
    'process.env.PUBLIC_MARKETING_SITE_URL': JSON.stringify(env.PUBLIC_MARKETING_SITE_URL ?? ''),
  };
}

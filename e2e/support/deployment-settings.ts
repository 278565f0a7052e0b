import { CONFIG_VARIABLES } from '../../api/src/config';
import { suiteVariables } from '../../scripts/suite-config.mjs';

/**
 * Removes from `env` every setting of a deployment (README, "Configuration"): those the API reads
 * and those of `npm start`. The suite starts its own API and servers with settings of its own
 * (global-setup.ts, and the tests that start one more), from this environment: a developer's
 * `DATABASE_URL`, `SMTP_URL` or provider credentials must not reach them, or the tests would
 * write into that database and mail or sign in real people.
 */
export function clearDeploymentSettings(env: NodeJS.ProcessEnv = process.env): void {
  for (const name of [...CONFIG_VARIABLES, ...suiteVariables()]) delete env[name];
}

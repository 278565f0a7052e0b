// @ts-check
/**
 * The dependency audit of `npm test`: `pnpm audit` must report no high or critical advisory. When
 * the registry's audit endpoint does not answer (offline CI, a mirror without it), the stage is
 * skipped with a message: a registry that cannot be reached is not a failing product.
 */
import { spawnSync } from 'node:child_process';
import { ensurePnpm, ROOT } from './toolchain.mjs';

/**
 * @param {string} stdout
 * @returns {{ counts: Record<string, number> } | { unreachable: string }}
 */
export function readAuditReport(stdout) {
  /** @type {any} */
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    return { unreachable: 'the audit printed no report' };
  }
  if (report?.error) return { unreachable: String(report.error.message ?? report.error.code) };
  const counts = report?.metadata?.vulnerabilities;
  if (!counts || typeof counts !== 'object') return { unreachable: 'the report has no counts' };
  return { counts };
}

export async function auditDependencies() {
  const [command = 'pnpm', ...prefix] = ensurePnpm();
  const result = spawnSync(command, [...prefix, 'audit', '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  const read = readAuditReport(result.stdout ?? '');
  if ('unreachable' in read) {
    console.log(`Skipped: the registry's audit endpoint did not answer (${read.unreachable}).`);
    return;
  }
  const { counts } = read;
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  console.log(
    `Advisories: ${['critical', 'high', 'moderate', 'low', 'info'].map((level) => `${counts[level] ?? 0} ${level}`).join(', ')}`,
  );
  if (serious > 0) {
    throw new Error(`${serious} high or critical advisories: run \`pnpm audit\` for the list`);
  }
}

import { describe, expect, it } from 'vitest';
import { readAuditReport } from './audit.mjs';

describe('the audit stage', () => {
  it('reads the counts of a report', () => {
    const report = {
      metadata: { vulnerabilities: { info: 0, low: 1, moderate: 0, high: 2, critical: 0 } },
    };
    expect(readAuditReport(JSON.stringify(report))).toEqual({
      counts: report.metadata.vulnerabilities,
    });
  });

  it('tells an endpoint that did not answer from a report', () => {
    const refused = {
      error: { code: 'ERR_PNPM_AUDIT_BAD_RESPONSE', message: 'responded with 405' },
    };
    expect(readAuditReport(JSON.stringify(refused))).toEqual({ unreachable: 'responded with 405' });
    expect(readAuditReport('')).toEqual({ unreachable: 'the audit printed no report' });
    expect(readAuditReport('{}')).toEqual({ unreachable: 'the report has no counts' });
  });
});

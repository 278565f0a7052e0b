import { describe, expect, it } from 'vitest';
import { healthStatus } from './health-status';

describe('healthStatus', () => {
  it('reads Checking... before the first answer', () => {
    expect(healthStatus({ status: 'pending' })).toBe('Checking...');
  });

  it('reads Active only when the API says ok', () => {
    expect(healthStatus({ status: 'success', data: { status: 'ok' } })).toBe('Active');
    expect(healthStatus({ status: 'success', data: { status: 'degraded' } })).toBe('Inactive');
  });

  it('reads Inactive when the last check failed, even after an earlier success', () => {
    expect(healthStatus({ status: 'error', data: { status: 'ok' } })).toBe('Inactive');
  });
});

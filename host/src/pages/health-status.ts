export type HealthStatus = 'Checking...' | 'Active' | 'Inactive';

/** The health card: Checking... until the first answer, then Active only for status ok. */
export function healthStatus(query: {
  status: 'pending' | 'error' | 'success';
  data?: { status: string } | undefined;
}): HealthStatus {
  if (query.status === 'pending') return 'Checking...';
  if (query.status === 'error') return 'Inactive';
  return query.data?.status === 'ok' ? 'Active' : 'Inactive';
}

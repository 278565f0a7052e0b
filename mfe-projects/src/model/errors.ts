import { ApiError } from '@trek/shared';

/** The API's answer for a project that does not exist or is someone else's. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

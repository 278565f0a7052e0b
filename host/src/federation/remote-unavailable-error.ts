/** A remote (or one of its chunks) could not be loaded after the runtime's retries. */
export class RemoteUnavailableError extends Error {
  readonly remote: string;

  constructor(remote: string, options?: { cause?: unknown }) {
    super(`The "${remote}" part of the site could not be loaded.`, options);
    this.name = 'RemoteUnavailableError';
    this.remote = remote;
  }
}

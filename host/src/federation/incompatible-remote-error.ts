/**
 * A remote built against a newer @trek/shared than the one this page runs: loading it would call
 * exports that do not exist here, so it is refused (docs/decisions/0005-versioned-shared-contract.md).
 */
export class IncompatibleRemoteError extends Error {
  readonly remote: string;
  readonly requiredVersion: string;
  readonly providedVersion: string;

  constructor(remote: string, requiredVersion: string, providedVersion: string) {
    super(
      `[federation] The "${remote}" remote needs @trek/shared ${requiredVersion}, but this page runs ${providedVersion}: it was not loaded. Deploy a host with a newer @trek/shared, or point the remote map at a build of "${remote}" made for this one.`,
    );
    this.name = 'IncompatibleRemoteError';
    this.remote = remote;
    this.requiredVersion = requiredVersion;
    this.providedVersion = providedVersion;
  }
}

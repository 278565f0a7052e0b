/**
 * A remote built for another @trek/shared than the one this page runs, so it is refused
 * (docs/decisions/0005-versioned-shared-contract.md). Mostly one built against a newer version:
 * loading it would call exports that do not exist here. Also one built against an older major
 * (a removal since), or before 3.0.0, which declared the React Router and TanStack Query slices
 * at those libraries' own versions.
 */
export class IncompatibleRemoteError extends Error {
  readonly remote: string;
  readonly requiredVersion: string;
  readonly providedVersion: string;
  /** The shared module the remote asked for ('@trek/shared' or one shared at its version). */
  readonly share: string;
  /** The remote is the one to rebuild: it was made for an older contract than this page's. */
  readonly builtAgainstOlder: boolean;

  constructor(
    remote: string,
    requiredVersion: string,
    providedVersion: string,
    { share = '@trek/shared', builtAgainstOlder = false } = {},
  ) {
    super(
      builtAgainstOlder
        ? `[federation] The "${remote}" remote was built against an older @trek/shared than this page runs (${providedVersion}; it asks for ${share} ${requiredVersion}): it was not loaded. Rebuild "${remote}" against this @trek/shared, or point the remote map at a build of it made for this one.`
        : `[federation] The "${remote}" remote needs @trek/shared ${requiredVersion}, but this page runs ${providedVersion}: it was not loaded. Deploy a host with a newer @trek/shared, or point the remote map at a build of "${remote}" made for this one.`,
    );
    this.name = 'IncompatibleRemoteError';
    this.remote = remote;
    this.requiredVersion = requiredVersion;
    this.providedVersion = providedVersion;
    this.share = share;
    this.builtAgainstOlder = builtAgainstOlder;
  }
}

import { type ModuleFederationRuntimePlugin, satisfy } from '@module-federation/enhanced/runtime';
import { SHARED_PACKAGE_NAME, SLICED_LIBRARIES } from '@trek/shared/contract';
import { IncompatibleRemoteError } from './incompatible-remote-error';

type ResolveShareArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['resolveShare']>>[0];

const isSlicedLibrary = (pkgName: string) =>
  (SLICED_LIBRARIES as readonly string[]).includes(pkgName);

/**
 * @trek/shared and the modules shared at its version: the Mantine slices under its name, the
 * React Router and TanStack Query slices under theirs.
 */
function isSharedContract(pkgName: string): boolean {
  return (
    pkgName === SHARED_PACKAGE_NAME ||
    pkgName.startsWith(`${SHARED_PACKAGE_NAME}/`) ||
    isSlicedLibrary(pkgName)
  );
}

const majorOf = (version: string) => Number(/\d+/.exec(version)?.[0] ?? Number.NaN);

/**
 * Refuses to give a remote a @trek/shared (or a module shared at its version) that its
 * requirement does not accept: older than the one it was built against, or of another major.
 * Registered as a global plugin, so it runs inside each remote's own runtime, where the remote
 * resolves its shared modules: with 'loaded-first' the runtime picks the copy the host already
 * loaded, and this turns the mismatch into an IncompatibleRemoteError the page's fallback
 * explains (the runtime's own strictVersion error would read like any failed download).
 */
export function sharedContractPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'trek-shared-contract',
    resolveShare(args: ResolveShareArgs) {
      if (!isSharedContract(args.pkgName)) return args;
      const required = args.shareInfo.shareConfig?.requiredVersion;
      const provided = args.version;
      if (typeof required !== 'string' || !provided || satisfy(provided, required)) return args;
      // A slice the remote does not carry itself (import: false) names no remote: the host,
      // which knows which remote it was loading, names it when it reports the refusal.
      const remote: string | undefined = args.shareInfo.from;
      // Before 3.0.0 a build declared the router and query slices at the libraries' own versions,
      // not strictly: such a remote is not "newer", it is older than this page's contract.
      const builtAgainstOlder =
        (isSlicedLibrary(args.pkgName) && args.shareInfo.shareConfig?.strictVersion !== true) ||
        majorOf(required) < majorOf(provided);
      return {
        ...args,
        resolver: () => {
          throw new IncompatibleRemoteError(remote ?? 'unknown', required, provided, {
            share: args.pkgName,
            builtAgainstOlder,
          });
        },
      };
    },
  };
}

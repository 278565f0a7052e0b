import { type ModuleFederationRuntimePlugin, satisfy } from '@module-federation/enhanced/runtime';
import { SHARED_PACKAGE_NAME } from '@trek/shared/contract';
import { IncompatibleRemoteError } from './incompatible-remote-error';

type ResolveShareArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['resolveShare']>>[0];

/**
 * Refuses to give a remote a @trek/shared older than the one it was built against. Registered as
 * a global plugin, so it runs inside each remote's own runtime, where the remote resolves its
 * shared modules: with 'loaded-first' the runtime picks the copy the host already loaded, and
 * this turns "too old" into an IncompatibleRemoteError the page's fallback explains (the
 * runtime's own strictVersion error would read like any failed download).
 */
export function sharedContractPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'trek-shared-contract',
    resolveShare(args: ResolveShareArgs) {
      if (args.pkgName !== SHARED_PACKAGE_NAME) return args;
      const required = args.shareInfo.shareConfig?.requiredVersion;
      const provided = args.version;
      if (typeof required !== 'string' || !provided || satisfy(provided, required)) return args;
      const remote = args.shareInfo.from;
      return {
        ...args,
        resolver: () => {
          throw new IncompatibleRemoteError(remote, required, provided);
        },
      };
    },
  };
}

import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type BeforeLoadShareArgs = Parameters<
  NonNullable<ModuleFederationRuntimePlugin['beforeLoadShare']>
>[0];

/**
 * The runtime keeps a shared module's loading promise in the share scope, a failed one too, and
 * hands it to every later load of that module: a chunk that could not be fetched once (offline
 * for a moment, the user menu's slice, a remote page's) would fail until the page is reloaded,
 * Retry buttons included. Before each load, a load that failed is forgotten, so the module is
 * fetched anew (docs/decisions/0002-failure-layers.md). Registered as a global plugin: remotes
 * load shared modules in their own runtime, from the same share scope.
 */
export function retryFailedSharesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'trek-retry-failed-shares',
    async beforeLoadShare(args: BeforeLoadShareArgs) {
      const scope = args.shareInfo?.scope ?? 'default';
      for (const name of Array.isArray(scope) ? scope : [scope]) {
        const versions = args.origin.shareScopeMap[name]?.[args.pkgName] ?? {};
        for (const shared of Object.values(versions)) {
          const loading = shared.loading;
          if (!loading || shared.loaded) continue;
          // A load still under way is waited for here as the runtime would wait for it.
          await loading.then(
            () => undefined,
            () => {
              if (shared.loading === loading) shared.loading = null;
            },
          );
        }
      }
      return args;
    },
  };
}

import { describe, expect, it } from 'vitest';
import { type RemoteModuleRequire, shareFailureHandler } from './share-failure-runtime-plugin';

/**
 * A remote's module require as far as chunk loading goes: `load(chunkId)` runs every handler
 * in turn, then waits for all they added (as the bundler's `e` does). Its `consumes` handler
 * behaves like federation's: a shared module that cannot be fetched still settles its promise,
 * and leaves a module that throws the failure when required.
 */
function remoteRequire(shares: Record<string, () => Promise<unknown>>) {
  const factories: Record<string, () => unknown> = {};
  const require = ((moduleId: string) => {
    const factory = factories[moduleId];
    if (!factory) throw new Error(`no module ${moduleId}`);
    return factory();
  }) as RemoteModuleRequire;
  require.consumesLoadingData = { chunkMapping: { dates: Object.keys(shares) } };
  require.f = {};
  const consumes = (chunkId: string | number, promises: Promise<unknown>[]) => {
    for (const moduleId of require.consumesLoadingData?.chunkMapping?.[chunkId] ?? []) {
      const fetchShare = shares[moduleId] as () => Promise<unknown>;
      promises.push(
        fetchShare().then(
          (module) => {
            factories[moduleId] = () => module;
          },
          (error: unknown) => {
            factories[moduleId] = () => {
              throw error;
            };
          },
        ),
      );
    }
  };
  const load = (chunkId: string) => {
    const promises: Promise<unknown>[] = [];
    for (const handler of Object.values(require.f)) handler(chunkId, promises);
    return Promise.all(promises);
  };
  return { require, consumes, load };
}

const offline = () => Promise.reject(new Error('Loading chunk dayjs failed.'));

describe('shareFailureHandler', () => {
  it('fails the load of a chunk whose shared module could not be fetched, which federation alone lets through', async () => {
    const remote = remoteRequire({ dayjs: offline, dates: () => Promise.resolve({}) });
    remote.require.f.consumes = remote.consumes;
    await expect(remote.load('dates')).resolves.toBeDefined();

    remote.require.f.trekShareFailures = shareFailureHandler(remote.require);
    await expect(remote.load('dates')).rejects.toThrow('Loading chunk dayjs failed.');
  });

  it('lets the chunk load once its shared modules came, whichever handler runs first', async () => {
    let online = false;
    const remote = remoteRequire({
      dayjs: () => (online ? Promise.resolve({ dayjs: true }) : offline()),
    });
    remote.require.f.trekShareFailures = shareFailureHandler(remote.require);
    remote.require.f.consumes = remote.consumes;
    await expect(remote.load('dates')).rejects.toThrow('Loading chunk dayjs failed.');
    online = true;
    await expect(remote.load('dates')).resolves.toBeDefined();
  });

  it('adds nothing for a chunk that needs no shared module', () => {
    const remote = remoteRequire({ dayjs: offline });
    const promises: Promise<unknown>[] = [];
    shareFailureHandler(remote.require)('steps', promises);
    expect(promises).toEqual([]);
  });
});

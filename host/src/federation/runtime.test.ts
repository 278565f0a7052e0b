import type {
  createInstance,
  ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const mf = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  registerGlobalPlugins: vi.fn(),
  createInstance: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  registerGlobalPlugins: mf.registerGlobalPlugins,
  createInstance: mf.createInstance,
}));

type UserOptions = Parameters<typeof createInstance>[0];

const MANIFEST = 'http://projects.test/mf-manifest.json';
const page = { default: () => null };

/**
 * A fresh copy of the module (its state is per page) with the projects remote mapped, and the
 * error classes of the same copy. Like the real runtime, the instance reads the remote's manifest
 * (through the resilience plugin's fetch hook) before its first load.
 */
async function startedRuntime(servedManifest: () => string) {
  vi.resetModules();
  const runtime = await import('./runtime');
  const { IncompatibleRemoteError } = await import('./incompatible-remote-error');
  const { RemoteUnavailableError } = await import('./remote-unavailable-error');
  // The build defines it (rsbuild.config.ts); which modules it names is host-federation.test.ts's.
  vi.stubGlobal('__TREK_HOST_SHARES__', {});
  // The first read answers what was served when the page opened, before the test changes it.
  const servedAtStart = servedManifest();
  let reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(reads++ === 0 ? servedAtStart : servedManifest(), { status: 200 }),
    ),
  );
  mf.createInstance.mockImplementation((options: UserOptions) => {
    const resilience = options.plugins?.find((plugin) => plugin.name === 'trek-resilience');
    const fetchHook = resilience?.fetch as (url: string, init: RequestInit) => Promise<Response>;
    let manifestRead: Promise<unknown> | undefined;
    return {
      registerRemotes: mf.registerRemotes,
      loadRemote: async (id: string) => {
        manifestRead ??= fetchHook(MANIFEST, {});
        await manifestRead;
        return mf.loadRemote(id);
      },
    };
  });
  runtime.startFederation({ projects: MANIFEST });
  return { ...runtime, IncompatibleRemoteError, RemoteUnavailableError };
}

describe('federation runtime', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.resetAllMocks();
  });

  it('is created with the first remote page, once, with the remote map and the plugins', async () => {
    const runtime = await startedRuntime(() => '{}');
    expect(mf.createInstance).not.toHaveBeenCalled();
    // Nothing loaded yet: nothing to forget, and no runtime is created for it.
    runtime.resetRemote('projects');
    expect(mf.createInstance).not.toHaveBeenCalled();

    mf.loadRemote.mockResolvedValue(page);
    await Promise.all([
      runtime.loadRemotePage('projects', 'ProjectsPage'),
      runtime.loadRemotePage('projects', 'ProjectDetailPage'),
    ]);
    expect(mf.createInstance).toHaveBeenCalledTimes(1);
    const [[options]] = mf.createInstance.mock.calls as [[UserOptions]];
    expect(options).toMatchObject({
      name: 'host',
      remotes: [{ name: 'projects', entry: MANIFEST }],
      shareStrategy: 'loaded-first',
    });
    expect(options.plugins?.map((plugin) => plugin.name)).toEqual([
      'inject-external-runtime-core-plugin',
      'trek-resilience',
    ]);
    const [[globalPlugins]] = mf.registerGlobalPlugins.mock.calls as [
      [ModuleFederationRuntimePlugin[]],
    ];
    expect(globalPlugins.map((plugin) => plugin.name)).toEqual([
      'trek-shared-contract',
      'trek-retry-failed-shares',
    ]);
    expect(mf.loadRemote).toHaveBeenCalledWith('projects/ProjectsPage');
    // Before the host's instance, which takes the global plugins in as it is created.
    expect(mf.registerGlobalPlugins.mock.invocationCallOrder[0]).toBeLessThan(
      mf.createInstance.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it("reads the first remote's manifest while its chunk downloads, and only once", async () => {
    const runtime = await startedRuntime(() => '{"version":"1"}');
    mf.loadRemote.mockResolvedValue(page);
    const loading = runtime.loadRemotePage('projects', 'ProjectsPage');
    // Asked for before federation's runtime exists.
    expect(fetch).toHaveBeenCalledWith(MANIFEST, { signal: expect.any(AbortSignal) });
    expect(mf.createInstance).not.toHaveBeenCalled();
    await expect(loading).resolves.toBe(page);
    // The runtime's read of it took that answer.
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is created on the next load when it could not be created (its chunk failed to download)', async () => {
    const runtime = await startedRuntime(() => '{}');
    mf.createInstance.mockImplementationOnce(() => {
      throw new Error('Loading chunk federation failed');
    });
    await expect(runtime.loadRemotePage('projects', 'ProjectsPage')).rejects.toBeInstanceOf(
      runtime.RemoteUnavailableError,
    );
    mf.loadRemote.mockResolvedValue(page);
    await expect(runtime.loadRemotePage('projects', 'ProjectsPage')).resolves.toBe(page);
    expect(mf.createInstance).toHaveBeenCalledTimes(2);
  });
});

describe('loadRemotePage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.clearAllMocks();
  });

  it('loads the new version once, silently, when a remote was redeployed under the page', async () => {
    let manifest = '{"version":"old"}';
    const runtime = await startedRuntime(() => manifest);
    mf.loadRemote.mockRejectedValueOnce(new Error('ChunkLoadError: Loading chunk 42 failed'));
    mf.loadRemote.mockResolvedValueOnce(page);
    (globalThis as Record<string, unknown>).trekChunks_projects = ['chunks of the old build'];

    manifest = '{"version":"new"}';
    await expect(runtime.loadRemotePage('projects', 'ProjectsPage')).resolves.toBe(page);

    expect(mf.loadRemote).toHaveBeenCalledTimes(2);
    expect(mf.registerRemotes).toHaveBeenLastCalledWith([{ name: 'projects', entry: MANIFEST }], {
      force: true,
    });
    expect((globalThis as Record<string, unknown>).trekChunks_projects).toEqual([]);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('gives up after that one retry', async () => {
    let manifest = '{"version":"old"}';
    const runtime = await startedRuntime(() => manifest);
    mf.loadRemote.mockRejectedValue(new Error('ChunkLoadError'));
    manifest = '{"version":"new"}';
    await expect(runtime.loadRemotePage('projects', 'ProjectsPage')).rejects.toBeInstanceOf(
      runtime.RemoteUnavailableError,
    );
    expect(mf.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('shows the failure when the manifest did not change (the remote is down, not redeployed)', async () => {
    const runtime = await startedRuntime(() => '{"version":"same"}');
    mf.loadRemote.mockRejectedValue(new Error('ChunkLoadError'));
    await expect(runtime.loadRemotePage('projects', 'ProjectsPage')).rejects.toBeInstanceOf(
      runtime.RemoteUnavailableError,
    );
    expect(mf.loadRemote).toHaveBeenCalledTimes(1);
    // Not registered anew: nothing of it was loaded that could mix with a new build.
    expect(mf.registerRemotes).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith(
      '[federation] Could not load "projects/ProjectsPage".',
      expect.any(Error),
    );
  });

  it('never retries a remote that needs a newer shared package, and says why in the console', async () => {
    let manifest = '{"version":"old"}';
    const runtime = await startedRuntime(() => manifest);
    const refusal = new runtime.IncompatibleRemoteError('projects', '^2.2.0', '2.1.0');
    mf.loadRemote.mockRejectedValue(refusal);
    manifest = '{"version":"new"}';
    await expect(runtime.loadRemotePage('projects', 'ProjectsPage')).rejects.toBe(refusal);
    expect(mf.loadRemote).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith(refusal.message);
    // The refusal stands for the other pages of that remote, until it is registered anew.
    await expect(runtime.loadRemotePage('projects', 'ProjectDetailPage')).rejects.toBe(refusal);
    expect(mf.loadRemote).toHaveBeenCalledTimes(1);
    runtime.resetRemote('projects');
    mf.loadRemote.mockResolvedValueOnce(page);
    await expect(runtime.loadRemotePage('projects', 'ProjectsPage')).resolves.toBe(page);
  });

  it('names the remote it was loading when the refusal could not (a Mantine slice it does not carry)', async () => {
    const runtime = await startedRuntime(() => '{}');
    mf.loadRemote.mockRejectedValue(
      new runtime.IncompatibleRemoteError('unknown', '^2.4.0', '2.3.0'),
    );
    await expect(runtime.loadRemotePage('projects', 'ProjectsPage')).rejects.toMatchObject({
      remote: 'projects',
      requiredVersion: '^2.4.0',
      providedVersion: '2.3.0',
    });
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('The "projects" remote needs @trek/shared ^2.4.0'),
    );
  });

  it('fails at once for a remote missing from the map', async () => {
    const runtime = await startedRuntime(() => '{}');
    await expect(runtime.loadRemotePage('admin', 'GuidesPage')).rejects.toBeInstanceOf(
      runtime.RemoteUnavailableError,
    );
    expect(mf.loadRemote).not.toHaveBeenCalled();
  });

  it('keeps the chunk array that pages loaded earlier hold when Retry registers the remote anew', async () => {
    const runtime = await startedRuntime(() => '{"version":"same"}');
    mf.loadRemote.mockResolvedValueOnce(page);
    await runtime.loadRemotePage('projects', 'ProjectEditPage');
    // The edit page's container pushes its later chunks (the dates editor) into this array.
    const held = ['chunks of the edit page'];
    (globalThis as Record<string, unknown>).trekChunks_projects = held;

    mf.loadRemote.mockRejectedValueOnce(new Error('ChunkLoadError: Loading chunk 7 failed'));
    await expect(runtime.loadRemotePage('projects', 'ProjectDetailPage')).rejects.toBeInstanceOf(
      runtime.RemoteUnavailableError,
    );
    runtime.resetRemote('projects');

    expect(mf.registerRemotes).toHaveBeenLastCalledWith([{ name: 'projects', entry: MANIFEST }], {
      force: true,
    });
    expect((globalThis as Record<string, unknown>).trekChunks_projects).toBe(held);
  });

  it('gives a build the skew check could not see a fresh chunk array when Retry reads its manifest', async () => {
    let manifest = '{"version":"old"}';
    const runtime = await startedRuntime(() => manifest);
    mf.loadRemote.mockResolvedValueOnce(page);
    await runtime.loadRemotePage('projects', 'ProjectsPage');
    const held = ['chunks of the old build'];
    (globalThis as Record<string, unknown>).trekChunks_projects = held;
    const options = mf.createInstance.mock.calls[0]?.[0] as UserOptions;
    const resilience = options.plugins?.find((plugin) => plugin.name === 'trek-resilience');
    const readManifest = resilience?.fetch as (url: string, init: RequestInit) => Promise<Response>;

    // The same build read again (a Retry after an outage): its chunks keep their array.
    await readManifest(MANIFEST, {});
    expect((globalThis as Record<string, unknown>).trekChunks_projects).toBe(held);
    // Another build (redeployed in place while the check's own read failed).
    manifest = '{"version":"new"}';
    await readManifest(MANIFEST, {});
    expect((globalThis as Record<string, unknown>).trekChunks_projects).toEqual([]);
  });
});

describe('a remote that never answers', () => {
  const never = () => new Promise<never>(() => {});

  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it("ends in the page's fallback 10 s after its manifest was asked for", async () => {
    const runtime = await startedRuntime(() => '{}');
    // Already imported, the runtime's chunk comes at once: the clock is the network's alone.
    await import('./host-federation');
    vi.stubGlobal('fetch', vi.fn(never));
    const loading = runtime.loadRemotePage('projects', 'ProjectsPage');
    let settled = false;
    loading
      .catch(() => {})
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(9_990);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    await expect(loading).rejects.toBeInstanceOf(runtime.RemoteUnavailableError);
    expect(mf.loadRemote).not.toHaveBeenCalled();
  });

  it('ends a redeploy check that never answers, so failing loads reach the fallback', async () => {
    const runtime = await startedRuntime(() => '{"version":"1"}');
    mf.loadRemote.mockResolvedValueOnce(page);
    await runtime.loadRemotePage('projects', 'ProjectsPage');

    // The remote now accepts connections and never answers: a chunk fails, and the check hangs.
    vi.stubGlobal('fetch', vi.fn(never));
    mf.loadRemote.mockRejectedValue(new Error('ChunkLoadError: Loading chunk 7 failed'));
    const detail = runtime.loadRemotePage('projects', 'ProjectDetailPage');
    detail.catch(() => {});
    await vi.advanceTimersByTimeAsync(5_000);
    // A later failing load shares the check under way, and its end.
    const edit = runtime.loadRemotePage('projects', 'ProjectEditPage');
    edit.catch(() => {});
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(detail).rejects.toBeInstanceOf(runtime.RemoteUnavailableError);
    await expect(edit).rejects.toBeInstanceOf(runtime.RemoteUnavailableError);
    expect(fetch).toHaveBeenCalledTimes(1);

    // The next failing load checks afresh rather than waiting on the old check.
    const again = runtime.loadRemotePage('projects', 'ProjectDetailPage');
    again.catch(() => {});
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(again).rejects.toBeInstanceOf(runtime.RemoteUnavailableError);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

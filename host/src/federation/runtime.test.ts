import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const mf = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
  registerGlobalPlugins: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...mf,
}));

const MANIFEST = 'http://projects.test/mf-manifest.json';
const page = { default: () => null };

/**
 * A fresh copy of the module (its state is per page) with the projects remote mapped, and the
 * error classes of the same copy.
 */
async function startedRuntime(servedManifest: () => string) {
  vi.resetModules();
  const runtime = await import('./runtime');
  const { IncompatibleRemoteError } = await import('./incompatible-remote-error');
  const { RemoteUnavailableError } = await import('./remote-unavailable-error');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(servedManifest(), { status: 200 })),
  );
  runtime.startFederation({ projects: MANIFEST });
  // The runtime reads the manifest through the resilience plugin's fetch hook, as in a page.
  const [[plugins]] = mf.registerPlugins.mock.calls as [[ModuleFederationRuntimePlugin[]]];
  const fetchHook = plugins[0]?.fetch as (url: string, init: RequestInit) => Promise<Response>;
  await fetchHook(MANIFEST, {});
  return { ...runtime, IncompatibleRemoteError, RemoteUnavailableError };
}

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
    expect(mf.registerRemotes).toHaveBeenCalledTimes(1);
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
});

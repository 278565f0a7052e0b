import { afterEach, describe, expect, it, vi } from 'vitest';
import { IncompatibleRemoteError } from './incompatible-remote-error';
import { RemoteUnavailableError } from './remote-unavailable-error';
import { resiliencePlugin } from './resilience-plugin';

const noSleep = () => Promise.resolve();

type FetchHook = (url: string, init: RequestInit) => Promise<Response>;
type CreateScriptHook = (args: {
  url: string;
  remoteInfo?: { entry: string };
}) => { timeout: number } | undefined;
type LoadEntryErrorHook = (args: {
  getRemoteEntry: () => Promise<unknown>;
  origin: unknown;
  remoteInfo: { entry: string };
  globalLoading: Record<string, unknown>;
  uniqueKey: string;
}) => Promise<unknown>;
type AfterLoadEntryHook = (args: { remoteInfo: { entry: string }; error?: unknown }) => void;
type ErrorHook = (args: {
  id: string;
  error: unknown;
  lifecycle: string;
  remote?: { name: string };
}) => unknown;

function hooks(options: Parameters<typeof resiliencePlugin>[0]) {
  const plugin = resiliencePlugin({ sleep: noSleep, ...options });
  return {
    fetch: plugin.fetch as unknown as FetchHook,
    errorLoadRemote: plugin.errorLoadRemote as unknown as ErrorHook,
  };
}

describe('resiliencePlugin', () => {
  it('retries a manifest fetch that fails on the network, then returns the answer', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('{}', { status: 200 }));
    const response = await hooks({ fetchImpl }).fetch('http://r/mf-manifest.json', {});
    expect(response.status).toBe(200);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('tells what each manifest said, without using up the answer', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response('{"id":"projects"}'));
    const onManifest = vi.fn();
    const plugin = resiliencePlugin({ sleep: noSleep, fetchImpl, onManifest });
    const response = await (plugin.fetch as unknown as FetchHook)('http://r/mf-manifest.json', {});
    expect(onManifest).toHaveBeenCalledWith('http://r/mf-manifest.json', '{"id":"projects"}');
    expect(await response.json()).toEqual({ id: 'projects' });
  });

  it('passes on the refusal of a remote that needs a newer shared package', () => {
    const refusal = new IncompatibleRemoteError('projects', '^2.2.0', '2.1.0');
    const wrapped = new Error('[ Federation Runtime ]: loading failed', { cause: refusal });
    expect(() =>
      hooks({}).errorLoadRemote({
        id: 'projects/ProjectsPage',
        error: wrapped,
        lifecycle: 'onLoad',
      }),
    ).toThrow(refusal);
  });

  it('retries a server error but not a 404', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(new Response('', { status: 404 }));
    const response = await hooks({ fetchImpl }).fetch('http://r/mf-manifest.json', {});
    expect(response.status).toBe(404);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('gives up after the configured attempts with the last error', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(hooks({ fetchImpl, attempts: 3 }).fetch('http://r/m.json', {})).rejects.toThrow(
      'Failed to fetch',
    );
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('turns a final load failure into a RemoteUnavailableError naming the remote', () => {
    const { errorLoadRemote } = hooks({});
    expect(() =>
      errorLoadRemote({
        id: 'projects/ProjectsPage',
        error: new Error('RUNTIME-003'),
        lifecycle: 'onLoad',
      }),
    ).toThrow(RemoteUnavailableError);
    try {
      errorLoadRemote({ id: 'projects/ProjectsPage', error: new Error('x'), lifecycle: 'onLoad' });
    } catch (error) {
      expect((error as RemoteUnavailableError).remote).toBe('projects');
    }
  });

  it('leaves inner lifecycles to the runtime so its caches are cleaned', () => {
    const { errorLoadRemote } = hooks({});
    expect(
      errorLoadRemote({ id: 'http://r/m.json', error: new Error('x'), lifecycle: 'afterResolve' }),
    ).toBeUndefined();
  });

  describe('time limits', () => {
    const ENTRY = 'http://r/remoteEntry.js';
    const never = () => new Promise<never>(() => {});

    afterEach(() => {
      vi.useRealTimers();
    });

    function entryHooks() {
      // The retries' pauses move the clock, as the real ones would.
      const sleep = async (ms: number) => {
        vi.advanceTimersByTime(ms);
      };
      const plugin = resiliencePlugin({ sleep });
      return {
        createScript: plugin.createScript as unknown as CreateScriptHook,
        loadEntryError: plugin.loadEntryError as unknown as LoadEntryErrorHook,
        afterLoadEntry: plugin.afterLoadEntry as unknown as AfterLoadEntryHook,
      };
    }

    it('gives up on a manifest that never answers after 10 s, retries included', async () => {
      vi.useFakeTimers();
      const fetchImpl = vi.fn<typeof fetch>(never);
      const outcome = hooks({ fetchImpl, sleep: undefined })
        .fetch('http://r/mf-manifest.json', {})
        .then(
          () => 'answered',
          (error: Error) => error.name,
        );
      await vi.advanceTimersByTimeAsync(9_999);
      expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toBe('TimeoutError');
      // The read's signal is aborted, so the request itself ends too.
      expect(fetchImpl.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    });

    it('counts retries of server errors (a proxy answering 504 after a while) within the same 10 s', async () => {
      vi.useFakeTimers();
      const fetchImpl = vi.fn<typeof fetch>(
        () =>
          new Promise((resolve) => {
            setTimeout(() => resolve(new Response('', { status: 504 })), 6_000);
          }),
      );
      const outcome = hooks({ fetchImpl, sleep: undefined })
        .fetch('http://r/mf-manifest.json', {})
        .catch((error: Error) => error.name);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await outcome).toBe('TimeoutError');
      expect(fetchImpl).toHaveBeenCalledTimes(2);
    });

    it('gives the remote entry script 10 s, and not the chunks preloaded beside it', () => {
      vi.useFakeTimers();
      const { createScript } = entryHooks();
      expect(createScript({ url: ENTRY, remoteInfo: { entry: ENTRY } })).toEqual({
        timeout: 10_000,
      });
      expect(
        createScript({ url: 'http://r/static/js/42.js', remoteInfo: { entry: ENTRY } }),
      ).toBeUndefined();
    });

    it('does not try an entry again once a try used up its 10 s', async () => {
      vi.useFakeTimers();
      const { createScript, loadEntryError } = entryHooks();
      createScript({ url: ENTRY, remoteInfo: { entry: ENTRY } });
      vi.advanceTimersByTime(10_000);
      const getRemoteEntry = vi.fn(() => Promise.resolve({}));
      await expect(
        loadEntryError({
          getRemoteEntry,
          origin: {},
          remoteInfo: { entry: ENTRY },
          globalLoading: {},
          uniqueKey: 'projects',
        }),
      ).resolves.toBeUndefined();
      expect(getRemoteEntry).not.toHaveBeenCalled();
    });

    it("gives an entry's retries what is left of its 10 s, and a later load 10 s again", async () => {
      vi.useFakeTimers();
      const { createScript, loadEntryError, afterLoadEntry } = entryHooks();
      createScript({ url: ENTRY, remoteInfo: { entry: ENTRY } });
      // The first try fails after a second (the connection was refused).
      vi.advanceTimersByTime(1_000);
      const timeouts: (number | undefined)[] = [];
      const getRemoteEntry = vi.fn(async () => {
        timeouts.push(createScript({ url: ENTRY, remoteInfo: { entry: ENTRY } })?.timeout);
        afterLoadEntry({ remoteInfo: { entry: ENTRY }, error: new Error('RUNTIME-008') });
        throw new Error('RUNTIME-008');
      });
      await loadEntryError({
        getRemoteEntry,
        origin: {},
        remoteInfo: { entry: ENTRY },
        globalLoading: {},
        uniqueKey: 'projects',
      });
      // The runtime tells of the first try's failure once the retries are over.
      afterLoadEntry({ remoteInfo: { entry: ENTRY }, error: new Error('RUNTIME-008') });
      // After pauses of 300 and 600 ms.
      expect(timeouts).toEqual([8_700, 8_100]);
      expect(createScript({ url: ENTRY, remoteInfo: { entry: ENTRY } })).toEqual({
        timeout: 10_000,
      });
      // An entry that came: its next load (after Retry) starts afresh too.
      vi.advanceTimersByTime(4_000);
      afterLoadEntry({ remoteInfo: { entry: ENTRY } });
      expect(createScript({ url: ENTRY, remoteInfo: { entry: ENTRY } })).toEqual({
        timeout: 10_000,
      });
    });
  });
});

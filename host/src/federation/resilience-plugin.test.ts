import { describe, expect, it, vi } from 'vitest';
import { IncompatibleRemoteError } from './incompatible-remote-error';
import { RemoteUnavailableError } from './remote-unavailable-error';
import { resiliencePlugin } from './resilience-plugin';

const noSleep = () => Promise.resolve();

type FetchHook = (url: string, init: RequestInit) => Promise<Response>;
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
});

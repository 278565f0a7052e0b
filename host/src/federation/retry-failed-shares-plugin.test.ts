import { createInstance } from '@module-federation/enhanced/runtime';
import { describe, expect, it, vi } from 'vitest';
import { retryFailedSharesPlugin } from './retry-failed-shares-plugin';

/** A page's runtime sharing one module whose first download fails, as offline for a moment. */
function runtimeWithFlakyShare(plugins: ReturnType<typeof retryFailedSharesPlugin>[]) {
  const get = vi
    .fn<() => Promise<() => { slice: string }>>()
    .mockRejectedValueOnce(new Error('Loading chunk menus failed'))
    .mockResolvedValue(() => ({ slice: 'menus' }));
  const runtime = createInstance({
    name: `host-${Math.random().toString(36).slice(2)}`,
    remotes: [],
    plugins,
    shared: {
      'menus-slice': {
        version: '2.6.0',
        get,
        shareConfig: { singleton: true, requiredVersion: '^2.6.0' },
      },
    },
  });
  return { runtime, get };
}

describe('retryFailedSharesPlugin', () => {
  it('fetches a shared module anew after its download failed', async () => {
    const { runtime, get } = runtimeWithFlakyShare([retryFailedSharesPlugin()]);
    await expect(runtime.loadShare('menus-slice')).rejects.toThrow('Loading chunk menus failed');
    const factory = await runtime.loadShare('menus-slice');
    expect(factory ? factory() : undefined).toEqual({ slice: 'menus' });
    expect(get).toHaveBeenCalledTimes(2);
    // Loaded now: later loads use it, nothing is fetched again.
    await runtime.loadShare('menus-slice');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('is needed: without it the runtime hands the failed download to every later load', async () => {
    const { runtime, get } = runtimeWithFlakyShare([]);
    await expect(runtime.loadShare('menus-slice')).rejects.toThrow('Loading chunk menus failed');
    await expect(runtime.loadShare('menus-slice')).rejects.toThrow('Loading chunk menus failed');
    expect(get).toHaveBeenCalledTimes(1);
  });
});

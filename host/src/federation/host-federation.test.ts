import * as shell from '@trek/shared/mantine/shell';
import { hostShares } from '@trek/shared/module-federation';
import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { HOST_MODULES, hostShared } from './host-federation';

type Provided = {
  version: string;
  shareConfig: { singleton: boolean; requiredVersion: string; strictVersion: boolean };
  lib?: () => unknown;
  get?: () => Promise<() => unknown>;
};

describe("the host's shared modules", () => {
  const shares = hostShares();
  const provided = hostShared(shares) as Record<string, Provided>;

  it('provide every share key the build names, at its version, as singletons', () => {
    expect(Object.keys(provided).sort()).toEqual(Object.keys(shares).sort());
    expect(provided['@trek/shared']).toMatchObject({
      version: shares['@trek/shared']?.version,
      shareConfig: { singleton: true, strictVersion: true },
    });
    expect(provided.react?.shareConfig).toEqual({
      singleton: true,
      requiredVersion: shares.react?.requiredVersion,
      strictVersion: false,
    });
  });

  it("are the host's own modules, the slices a host page may not need loaded on demand", async () => {
    expect(provided.react?.lib?.()).toBe(React);
    expect(provided['@trek/shared/mantine/shell']?.lib?.()).toBe(shell);
    const forms = provided['@trek/shared/mantine/forms'];
    expect(forms?.lib).toBeUndefined();
    const factory = await forms?.get?.();
    expect(factory?.()).toHaveProperty('TextInput');
  });

  it('refuse a share key the host has no module for, rather than providing nothing', () => {
    expect(() =>
      hostShared({ lodash: { version: '4.0.0', requiredVersion: '^4.0.0', strictVersion: false } }),
    ).toThrow('The host has no module to provide as "lodash"');
    // Every module the host carries for remotes is one the build names.
    expect(Object.keys(HOST_MODULES).sort()).toEqual(Object.keys(shares).sort());
  });
});

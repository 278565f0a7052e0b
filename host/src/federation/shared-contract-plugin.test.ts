import { describe, expect, it, vi } from 'vitest';
import { IncompatibleRemoteError } from './incompatible-remote-error';
import { sharedContractPlugin } from './shared-contract-plugin';

type ResolveShare = (args: {
  pkgName: string;
  version: string;
  shareInfo: { from: string; shareConfig?: { requiredVersion?: string | false } };
  resolver: () => unknown;
}) => { resolver: () => unknown };

const resolveShare = sharedContractPlugin().resolveShare as unknown as ResolveShare;

function resolving(pkgName: string, version: string, requiredVersion: string) {
  const resolver = vi.fn(() => 'the host copy');
  const result = resolveShare({
    pkgName,
    version,
    shareInfo: { from: 'projects', shareConfig: { requiredVersion } },
    resolver,
  });
  return { result, resolver };
}

describe('sharedContractPlugin', () => {
  it("gives a remote the host's @trek/shared when it is at least the version the remote was built against", () => {
    expect(resolving('@trek/shared', '2.1.0', '^2.0.0').result.resolver()).toBe('the host copy');
    expect(resolving('@trek/shared', '2.1.0', '^2.1.0').result.resolver()).toBe('the host copy');
  });

  it('refuses a copy older than the remote needs, naming the remote and both versions', () => {
    const { result, resolver } = resolving('@trek/shared', '2.1.0', '^2.2.0');
    expect(() => result.resolver()).toThrow(IncompatibleRemoteError);
    try {
      result.resolver();
    } catch (error) {
      expect(error).toMatchObject({
        remote: 'projects',
        requiredVersion: '^2.2.0',
        providedVersion: '2.1.0',
      });
      expect((error as Error).message).toContain('needs @trek/shared ^2.2.0');
    }
    expect(resolver).not.toHaveBeenCalled();
  });

  it('refuses another major version', () => {
    expect(() => resolving('@trek/shared', '3.0.0', '^2.1.0').result.resolver()).toThrow(
      IncompatibleRemoteError,
    );
  });

  it('refuses the Mantine slices shared under its name the same way (they are of its version)', () => {
    const { result } = resolving('@trek/shared/mantine/shell', '2.1.0', '^2.2.0');
    expect(() => result.resolver()).toThrow(IncompatibleRemoteError);
    expect(resolving('@trek/shared/mantine/forms', '2.2.0', '^2.2.0').result.resolver()).toBe(
      'the host copy',
    );
  });

  it('refuses the React Router and TanStack Query slices the same way (they are of its version too)', () => {
    for (const library of ['react-router-dom', '@tanstack/react-query']) {
      const { result } = resolving(library, '2.1.0', '^2.2.0');
      expect(() => result.resolver()).toThrow(/needs @trek\/shared \^2\.2\.0/);
      expect(resolving(library, '2.2.0', '^2.1.0').result.resolver()).toBe('the host copy');
    }
  });

  it('leaves every other shared library to the runtime', () => {
    expect(resolving('react', '19.3.1', '^20.0.0').result.resolver()).toBe('the host copy');
  });
});

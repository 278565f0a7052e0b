import { describe, expect, it, vi } from 'vitest';
import { IncompatibleRemoteError } from './incompatible-remote-error';
import { sharedContractPlugin } from './shared-contract-plugin';

type ResolveShare = (args: {
  pkgName: string;
  version: string;
  shareInfo: {
    from: string;
    shareConfig?: { requiredVersion?: string | false; strictVersion?: boolean };
  };
  resolver: () => unknown;
}) => { resolver: () => unknown };

const resolveShare = sharedContractPlugin().resolveShare as unknown as ResolveShare;

/** A share as a build of today declares it: at @trek/shared's version, strictly. */
function resolving(
  pkgName: string,
  version: string,
  requiredVersion: string,
  strictVersion = true,
) {
  const resolver = vi.fn(() => 'the host copy');
  const result = resolveShare({
    pkgName,
    version,
    shareInfo: { from: 'projects', shareConfig: { requiredVersion, strictVersion } },
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
      expect(() => result.resolver()).toThrow(
        'needs @trek/shared ^2.2.0, but this page runs 2.1.0',
      );
      expect(resolving(library, '2.2.0', '^2.1.0').result.resolver()).toBe('the host copy');
    }
  });

  it('says a remote made for an older contract is the one to rebuild, not the host', () => {
    // Built before 3.0.0: the router slice declared at React Router's own version, not strictly.
    const beforeSlices = resolving('react-router-dom', '3.1.0', '^7.18.5', false).result;
    expect(() => beforeSlices.resolver()).toThrow(
      'The "projects" remote was built against an older @trek/shared than this page runs (3.1.0; it asks for react-router-dom ^7.18.5)',
    );
    const olderMajor = resolving('@trek/shared', '3.1.0', '^2.6.0').result;
    try {
      olderMajor.resolver();
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ builtAgainstOlder: true, share: '@trek/shared' });
      expect((error as Error).message).toContain('Rebuild "projects"');
    }
    try {
      resolving('@trek/shared', '3.1.0', '^3.2.0').result.resolver();
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ builtAgainstOlder: false });
    }
  });

  it('leaves every other shared library to the runtime', () => {
    expect(resolving('react', '19.3.1', '^20.0.0').result.resolver()).toBe('the host copy');
  });
});

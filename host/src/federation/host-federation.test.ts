import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import * as realQuery from '@tanstack/react-query';
import { SHARED_PACKAGE_NAME } from '@trek/shared/contract';
import * as shell from '@trek/shared/mantine/shell';
import { hostShares, sharedDependencies } from '@trek/shared/module-federation';
import * as querySlice from '@trek/shared/react-query';
import * as routerSlice from '@trek/shared/router';
import { referencesOf, sourceFiles } from '@trek/shared/testing/source-modules';
import React from 'react';
import * as realRouter from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HOST_MODULES, hostShared } from './host-federation';

type Provided = {
  version: string;
  shareConfig: { singleton: boolean; requiredVersion: string; strictVersion: boolean };
  lib?: () => unknown;
  get?: () => Promise<() => unknown>;
};

// Vitest runs in the package's folder.
const workspace = `${resolve(process.cwd(), '..')}/`;

describe("the host's shared modules", () => {
  const shares = hostShares();
  // Throws for a share key the host has no module for.
  const provided = hostShared(shares) as Record<string, Provided>;

  it('are every library a remote shares, at the versions and requirements the remotes read', () => {
    for (const [key, config] of Object.entries(sharedDependencies({ role: 'remote' }))) {
      const names = key.endsWith('/')
        ? Object.keys(shares).filter((name) => name.startsWith(key))
        : [key];
      expect(names.length, key).toBeGreaterThan(0);
      for (const name of names) {
        expect(provided[name]?.shareConfig, name).toEqual({
          singleton: true,
          requiredVersion: config.requiredVersion,
          strictVersion: config.strictVersion === true,
        });
      }
    }
    expect(provided[SHARED_PACKAGE_NAME]?.version).toBe(
      sharedDependencies()[SHARED_PACKAGE_NAME]?.version,
    );
  });

  it("are the host's own modules, what a host page may not need loaded on demand", async () => {
    expect(provided.react?.lib?.()).toBe(React);
    expect(provided['@trek/shared/mantine/shell']?.lib?.()).toBe(shell);
    expect(provided['react-router-dom']?.lib?.()).toBe(routerSlice);
    const forms = provided['@trek/shared/mantine/forms'];
    expect(forms?.lib).toBeUndefined();
    expect((await forms?.get?.())?.()).toHaveProperty('TextInput');
    // CommonJS: its module.exports, the function itself.
    expect(typeof (await provided.dayjs?.get?.())?.()).toBe('function');
  });

  it('leave the development JSX runtime out of a production build, which only stubs it', () => {
    expect(hostShares({ NODE_ENV: 'production' })).not.toHaveProperty('react/jsx-dev-runtime');
    expect(hostShares({ NODE_ENV: 'development' })).toHaveProperty('react/jsx-dev-runtime');
  });

  it('cover every subpath of React the suite imports, and the JSX runtime compiled code imports', () => {
    const imported = new Set(['react/jsx-runtime']);
    for (const folder of [
      'host',
      'shared',
      'mfe-request-wizard',
      'mfe-projects',
      'mfe-account',
      'mfe-admin',
    ]) {
      for (const file of sourceFiles(`${workspace}${folder}/src`)) {
        // The build-time renderers run in Node, with no federation (react-dom/server).
        if (/prerender|page-fragment/.test(file)) continue;
        for (const { from } of referencesOf(file)) {
          if (/^react(-dom)?\//.test(from)) imported.add(from);
        }
      }
    }
    for (const module of imported) expect(shares, module).toHaveProperty([module]);
  });

  it('refuse a share key the host has no module for, rather than providing nothing', () => {
    expect(() =>
      hostShared({ lodash: { version: '4.0.0', requiredVersion: '^4.0.0', strictVersion: false } }),
    ).toThrow('The host has no module to provide as "lodash"');
    expect(Object.keys(HOST_MODULES).sort()).toEqual(Object.keys(hostShares({})).sort());
  });
});

describe("the host's copies of the shared libraries", () => {
  it('are the ones @trek/shared is installed with, so the host runs one of each', () => {
    // The host imports the libraries itself and @trek/shared imports them from its own
    // node_modules: a version apart, the page would hold two Reacts or two routers.
    for (const library of [
      'react',
      'react-dom',
      '@mantine/core',
      '@mantine/notifications',
      '@mantine/dates',
      'dayjs',
      'react-router-dom',
      '@tanstack/react-query',
    ]) {
      expect(realpathSync(`${workspace}host/node_modules/${library}`), library).toBe(
        realpathSync(`${workspace}shared/node_modules/${library}`),
      );
    }
    expect(routerSlice.useNavigate).toBe(realRouter.useNavigate);
    expect(querySlice.QueryClient).toBe(realQuery.QueryClient);
  });
});

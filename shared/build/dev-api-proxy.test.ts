import type { ClientRequest, IncomingMessage } from 'node:http';
import type { ProxyOptions } from '@rsbuild/core';
import { describe, expect, it } from 'vitest';
import { suiteConfig } from '../../scripts/suite-config.mjs';
import { defineRemoteConfig } from './rsbuild-remote';

/** The Origin the API receives for a call the projects remote's dev server relays. */
function relayedOrigin(path: string, headers: Record<string, string>): string | undefined {
  const config = defineRemoteConfig({
    name: 'projects',
    title: 'Projects',
    exposes: { ProjectsPage: 'a', ProjectDetailPage: 'b', ProjectEditPage: 'c' },
  });
  const proxy = (config.server?.proxy as Record<string, ProxyOptions> | undefined)?.[path];
  const sent = new Map(Object.entries(headers));
  const proxyRequest = {
    setHeader: (name: string, value: string) => sent.set(name.toLowerCase(), value),
  } as unknown as ClientRequest;
  const request = { headers } as unknown as IncomingMessage;
  const on = proxy?.on as { proxyReq?: (p: ClientRequest, r: IncomingMessage) => void };
  on.proxyReq?.(proxyRequest, request);
  return sent.get('origin');
}

describe("a remote's standalone dev server relaying the API", () => {
  it("sends its own page's calls as the site's, so the API does not refuse them (403)", () => {
    for (const path of ['/api', '/auth/google'])
      expect(relayedOrigin(path, { host: 'localhost:3002', origin: 'http://localhost:3002' })).toBe(
        suiteConfig(process.env).publicOrigin,
      );
  });

  it("keeps another origin's Origin, which the API goes on refusing", () => {
    expect(relayedOrigin('/api', { host: 'localhost:3002', origin: 'https://evil.example' })).toBe(
      'https://evil.example',
    );
    expect(relayedOrigin('/api', { host: 'localhost:3002' })).toBeUndefined();
  });
});

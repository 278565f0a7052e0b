import { createServer } from 'node:net';
import { join } from 'node:path';
// The e2e tests serve builds exactly as `npm start` does.
import { startStaticServer } from '../../scripts/serve.mjs';
import { startApi } from '../../scripts/suite.mjs';
import { E2E_PORTS } from './suite-env';

export const ROOT = join(import.meta.dirname, '../..');

export const E2E_REMOTE_MAP = {
  wizard: `http://localhost:${E2E_PORTS.WIZARD_PORT}/mf-manifest.json`,
  projects: `http://localhost:${E2E_PORTS.PROJECTS_PORT}/mf-manifest.json`,
  account: `http://localhost:${E2E_PORTS.ACCOUNT_PORT}/mf-manifest.json`,
  admin: `http://localhost:${E2E_PORTS.ADMIN_PORT}/mf-manifest.json`,
};

/** A second host server over the same build, with its own remote map and API. */
export function startHost(options: {
  remoteMap?: Partial<typeof E2E_REMOTE_MAP>;
  apiPort?: number;
}) {
  return startStaticServer({
    dir: join(ROOT, 'host/dist'),
    port: 0,
    spa: true,
    proxyTarget: `http://127.0.0.1:${options.apiPort ?? E2E_PORTS.API_PORT}`,
    remoteMap: { ...E2E_REMOTE_MAP, ...options.remoteMap },
  });
}

export function startRemote(dir: string, port = 0) {
  return startStaticServer({ dir: join(ROOT, dir, 'dist'), port, cors: true });
}

export { startApi };

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

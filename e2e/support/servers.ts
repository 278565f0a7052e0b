import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTE_NAMES, REMOTES, type RemoteName } from '@trek/shared/contract';
// The e2e tests serve builds exactly as `npm start` does.
import { startStaticServer } from '../../scripts/serve.mjs';
import { startApi } from '../../scripts/suite.mjs';
import { BROWSER_BLOCKED_PORTS, E2E_PORTS } from './suite-env';

export const ROOT = join(import.meta.dirname, '../..');

type Closable = { close: () => Promise<void> };

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The test servers' ports come from the suite's own block (E2E_PORT_BASE + 100 up to + 999), not
 * from the kernel's: it hands ports of its ephemeral range (32768 and up) to every listen(0) and
 * every outgoing connection, Chromium's included, so a port it gave as free could be taken before
 * the test bound it (EADDRINUSE in CI). No port below that range is handed out by itself, so one
 * found free here stays free for the test; none is given twice in a run (one worker), and none
 * the browser would refuse to load from.
 */
const PORT_BLOCK = {
  first: Number(E2E_PORTS.HOST_PORT) + 100,
  last: Number(E2E_PORTS.HOST_PORT) + 999,
};
let nextPort = PORT_BLOCK.first;

/** A port nothing listens on right now, of the suite's block. */
export async function freePort(): Promise<number> {
  while (nextPort <= PORT_BLOCK.last) {
    const port = nextPort;
    nextPort += 1;
    if (!BROWSER_BLOCKED_PORTS.has(port) && (await canListen(port))) return port;
  }
  throw new Error(`No free port left between ${PORT_BLOCK.first} and ${PORT_BLOCK.last}`);
}

/**
 * Serves a remote's build folder (by default its dist/) the way the suite does: readable by the
 * given host origins only.
 */
export function startRemote(
  remote: RemoteName,
  options: { hostOrigin: string; port?: number; dir?: string },
) {
  return startStaticServer({
    dir: options.dir ?? join(ROOT, REMOTES[remote].dir, 'dist'),
    port: options.port ?? 0,
    corsOrigins: [options.hostOrigin],
  });
}

/**
 * A second host over the same host build, on a port of its own, with its own API if given.
 * Remotes: each one the test points elsewhere (`remoteMap`) is the test's business; every other
 * remote gets a fresh server for this host's origin, as a remote's server allows one site only.
 * With `withMapFile`, the host reads its map from a file (`mapFile`) the test can edit while the
 * host runs, as `npm start` does.
 */
export async function startHost(
  options: {
    remoteMap?: Partial<Record<RemoteName, string>>;
    withMapFile?: boolean;
    apiPort?: number;
    port?: number;
  } = {},
) {
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const servers: Closable[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'trek-e2e-host-'));
  const mapFile = join(scratch, 'remote-map.json');
  const remoteMap = {} as Record<RemoteName, string>;
  try {
    for (const name of REMOTE_NAMES) {
      const given = options.remoteMap?.[name];
      if (given) {
        remoteMap[name] = given;
      } else {
        const remote = await startRemote(name, { hostOrigin: url });
        servers.push(remote);
        remoteMap[name] = `${remote.url}/mf-manifest.json`;
      }
    }
    if (options.withMapFile) writeFileSync(mapFile, JSON.stringify(remoteMap, null, 2));
    const host = await startStaticServer({
      dir: join(ROOT, 'host/dist'),
      port,
      spa: true,
      proxyTarget: `http://127.0.0.1:${options.apiPort ?? E2E_PORTS.API_PORT}`,
      ...(options.withMapFile ? { remoteMapFile: mapFile } : { remoteMap }),
    });
    servers.push(host);
  } catch (error) {
    await Promise.all(servers.map((server) => server.close()));
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    remoteMap,
    mapFile,
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * A second host whose `remote` is served from `dir`, a build folder the test made (and may
 * redeploy in place); every other remote as startHost gives it.
 */
export async function startHostServing(remote: RemoteName, dir: string) {
  const remotePort = await freePort();
  const host = await startHost({
    remoteMap: { [remote]: `http://localhost:${remotePort}/mf-manifest.json` },
  });
  const server = await startRemote(remote, { hostOrigin: host.url, port: remotePort, dir });
  return {
    host,
    remote: server,
    close: async () => {
      await server.close();
      await host.close();
    },
  };
}

export { startApi };

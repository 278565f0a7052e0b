// @ts-check
/**
 * Runs the whole suite from its production builds: the API as a child process, and in this
 * process one static server per remote plus the host's server. Shared by `npm start`, the e2e
 * tests and the benchmark, so all three run the suite the same way.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { writeRemoteMapFile } from './remote-map-file.mjs';
import { startStaticServer } from './serve.mjs';
import { remoteMap, suiteConfig } from './suite-config.mjs';
import { ROOT } from './toolchain.mjs';

/**
 * @param {string} url
 * @param {number} timeoutMs
 * @param {() => boolean} [gaveUp] stops waiting early (e.g. the process died)
 */
export async function waitForOk(url, timeoutMs, gaveUp = () => false) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gaveUp()) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in time`);
}

/**
 * Starts the API from api/dist.
 * @param {NodeJS.ProcessEnv} env
 * @param {{ port: number, dataDir: string, publicOrigin: string, quiet?: boolean }} options
 */
export async function startApi(env, options) {
  let exited = false;
  const child = spawn(process.execPath, [join(ROOT, 'api/dist/server.js')], {
    cwd: join(ROOT, 'api'),
    env: {
      ...env,
      NODE_ENV: env.NODE_ENV ?? 'development',
      API_PORT: String(options.port),
      DATA_DIR: options.dataDir,
      PUBLIC_ORIGIN: options.publicOrigin,
    },
    stdio: options.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  /** @type {Promise<number | null>} */
  const exit = new Promise((r) => {
    child.on('exit', (code) => {
      exited = true;
      r(code);
    });
  });
  try {
    await waitForOk(`http://127.0.0.1:${options.port}/health`, 60_000, () => exited);
  } catch (error) {
    if (!exited) child.kill('SIGTERM');
    throw exited ? new Error('The API exited while starting; see its output above.') : error;
  }
  return {
    child,
    exit,
    async stop() {
      if (!exited) child.kill('SIGTERM');
      await exit;
    },
  };
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {{ quietApi?: boolean }} [options]
 */
export async function startSuite(env = process.env, options = {}) {
  const config = suiteConfig(env);
  const dataDir = resolve(ROOT, env.DATA_DIR ?? '.data');
  const api = await startApi(env, {
    port: config.apiPort,
    dataDir,
    publicOrigin: config.publicOrigin,
    ...(options.quietApi ? { quiet: true } : {}),
  });
  /** @type {Array<{ close: () => Promise<void> }>} */
  const servers = [];
  try {
    // The default file is written anew from REMOTE_*_URL at every start; a REMOTE_MAP_FILE of
    // one's own is only created when missing, never overwritten.
    writeRemoteMapFile(config.remoteMapFile, remoteMap(config), {
      overwrite: !config.remoteMapFileChosen,
    });
    for (const remote of Object.values(config.remotes)) {
      servers.push(
        await startStaticServer({
          dir: join(ROOT, remote.dir, 'dist'),
          port: remote.port,
          corsOrigins: [config.publicOrigin],
        }),
      );
    }
    servers.push(
      await startStaticServer({
        dir: join(ROOT, 'host/dist'),
        port: config.hostPort,
        host: config.hostAddress,
        spa: true,
        proxyTarget: `http://127.0.0.1:${config.apiPort}`,
        trustForwardedFor: config.hostTrustProxy,
        remoteMapFile: config.remoteMapFile,
      }),
    );
  } catch (error) {
    await Promise.all(servers.map((s) => s.close()));
    await api.stop();
    throw error;
  }
  return {
    config,
    url: config.publicOrigin,
    apiExit: api.exit,
    async stop() {
      await Promise.all(servers.map((s) => s.close()));
      await api.stop();
    },
  };
}

// @ts-check
/**
 * `npm run deploy:remote -- <remote> --to <dir> [--base-url <url>] [--from <build folder>]`
 *
 * Deploys one remote as an immutable version: a fresh production build (or the build folder
 * given with --from) is copied to `<dir>/<version>/`, where the version is the package's version
 * and a hash of the build's content. Earlier versions stay where they are, so pages still open on
 * them keep finding their chunks; a version folder is never written twice. It prints the manifest
 * URL to put in the remote map (docs/decisions/0001-runtime-remote-map.md): rolling forward or
 * back is one edit of that file.
 *
 * Serve `<dir>` with `node scripts/serve.mjs --dir <dir> --cors <host origin>` or any static
 * host: chunks (static/) are cached for a year, manifests and remote entries are revalidated.
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  isRemoteName,
  MANIFEST_FILE,
  REMOTE_NAMES,
  REMOTES,
} from '../shared/src/contract/index.js';
import { pnpm, ROOT, step } from './toolchain.mjs';

/**
 * Every file under a folder, as paths relative to it, in a stable order.
 * @param {string} dir
 * @returns {string[]}
 */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Build statistics for tools, never read by a browser (the runtime reads the manifest), and
 * written in a varying order: neither hashed nor deployed.
 */
const NOT_DEPLOYED = new Set(['mf-stats.json', 'mf-stats.json.br', 'mf-stats.json.gz']);

/**
 * A short hash of a build's content (paths and bytes of what browsers load): the same build
 * always gets the same version, any change another one.
 * @param {string} dir
 */
export function contentHash(dir) {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir).filter((path) => !NOT_DEPLOYED.has(path))) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 10);
}

/**
 * Copies a build to `<to>/<version>/` unless that version is there already. The copy is made
 * beside it and renamed into place, so a half-written version is never served.
 * @param {{ remote: import('../shared/src/contract/index.js').RemoteName, build: string, to: string }} options
 * @returns {{ version: string, folder: string, created: boolean }}
 */
export function deployBuild({ remote, build, to }) {
  if (!existsSync(join(build, MANIFEST_FILE))) {
    throw new Error(`${build} is not a build of a remote: it has no ${MANIFEST_FILE}`);
  }
  const packageVersion = JSON.parse(
    readFileSync(join(ROOT, REMOTES[remote].dir, 'package.json'), 'utf8'),
  ).version;
  const version = `${packageVersion}-${contentHash(build)}`;
  const folder = join(to, version);
  if (existsSync(folder)) return { version, folder, created: false };
  mkdirSync(to, { recursive: true });
  const staging = mkdtempSync(join(to, `.${version}-`));
  try {
    cpSync(build, staging, {
      recursive: true,
      filter: (source) => !NOT_DEPLOYED.has(relative(build, source)),
    });
    // mkdtemp makes the folder private; a version is for any static server to read.
    chmodSync(staging, 0o755);
    renameSync(staging, folder);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return { version, folder, created: true };
}

/**
 * A fresh production build of one remote, in a folder of its own (the remote's dist/, which a
 * running suite may be serving, is left alone).
 * @param {import('../shared/src/contract/index.js').RemoteName} remote
 */
async function freshBuild(remote) {
  const out = mkdtempSync(join(tmpdir(), `trek-deploy-${remote}-`));
  const packageName = JSON.parse(
    readFileSync(join(ROOT, REMOTES[remote].dir, 'package.json'), 'utf8'),
  ).name;
  await pnpm(['--filter', packageName, 'exec', 'rsbuild', 'build', '--dist-path', out]);
  // The pages it prerenders, as its own build script writes them (shared/build/prerender-pages.mjs).
  if (existsSync(join(ROOT, REMOTES[remote].dir, 'src/prerender.tsx'))) {
    await pnpm([
      '--filter',
      packageName,
      'exec',
      'node',
      '../shared/build/prerender-pages.mjs',
      out,
    ]);
  }
  return out;
}

const isCli =
  process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (isCli) {
  const usage = `Usage: npm run deploy:remote -- <${REMOTE_NAMES.join('|')}> --to <dir> [--base-url <url of dir>] [--from <build folder>]`;
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        to: { type: 'string' },
        'base-url': { type: 'string' },
        from: { type: 'string' },
      },
    });
  } catch (error) {
    console.error(`${/** @type {Error} */ (error).message}\n${usage}`);
    process.exit(2);
  }
  const { values, positionals } = parsed;
  const [remote] = positionals;
  if (!remote || !isRemoteName(remote) || !values.to || positionals.length > 1) {
    console.error(usage);
    process.exit(2);
  }
  try {
    let build = values.from ? resolve(values.from) : undefined;
    if (!build) {
      step(`Building ${remote} for production`);
      build = await freshBuild(remote);
    }
    const to = resolve(values.to);
    const { version, folder, created } = deployBuild({ remote, build, to });
    if (!values.from) rmSync(build, { recursive: true, force: true });
    const manifestUrl = values['base-url']
      ? `${values['base-url'].replace(/\/$/, '')}/${version}/${MANIFEST_FILE}`
      : join(folder, MANIFEST_FILE);
    console.log(
      [
        '',
        created
          ? `Deployed ${remote} ${version} to ${folder}`
          : `${remote} ${version} is already deployed at ${folder} (same content)`,
        '',
        `Manifest: ${manifestUrl}`,
        '',
        `To switch to it, set this entry in the remote map (REMOTE_MAP_FILE):`,
        `  ${JSON.stringify(remote)}: ${JSON.stringify(manifestUrl)}`,
        values['base-url'] ? '' : '(give --base-url <where the folder is served> for the URL)',
      ].join('\n'),
    );
  } catch (error) {
    console.error(`Deploy failed: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}

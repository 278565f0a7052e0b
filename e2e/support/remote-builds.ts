import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { REMOTES, type RemoteName } from '@trek/shared/contract';
import { ROOT } from './servers';

const run = promisify(execFile);

/**
 * A real production build of a remote, made the way its team would make the next release:
 * from a copy of its source with some text changed (`replace`), and/or declaring another
 * @trek/shared version it was built against (`sharedVersion`, through TREK_SHARED_VERSION).
 * The copy lives inside the remote's package, so its dependencies resolve as usual, and is
 * removed afterwards. Returns the build folder (in the system's temp folder).
 */
export async function buildRemote(
  remote: RemoteName,
  options: { replace?: Array<[from: string, to: string]>; sharedVersion?: string } = {},
): Promise<string> {
  const packageDir = join(ROOT, REMOTES[remote].dir);
  const packageName: string = JSON.parse(
    readFileSync(join(packageDir, 'package.json'), 'utf8'),
  ).name;
  const out = mkdtempSync(join(tmpdir(), `trek-e2e-${remote}-build-`));
  const source = mkdtempSync(join(packageDir, '.e2e-build-'));
  try {
    cpSync(join(packageDir, 'src'), join(source, 'src'), { recursive: true });
    for (const [from, to] of options.replace ?? []) {
      let found = false;
      for (const file of readdirSync(join(source, 'src'), {
        recursive: true,
        withFileTypes: true,
      })) {
        if (!file.isFile() || !/\.tsx?$/.test(file.name)) continue;
        const path = join(file.parentPath, file.name);
        const text = readFileSync(path, 'utf8');
        if (!text.includes(from)) continue;
        found = true;
        writeFileSync(path, text.replaceAll(from, to));
      }
      if (!found) throw new Error(`"${from}" is nowhere in ${relative(ROOT, packageDir)}/src`);
    }
    await run(
      'pnpm',
      [
        '--filter',
        packageName,
        'exec',
        'rsbuild',
        'build',
        '--root',
        source,
        '--config',
        join(packageDir, 'rsbuild.config.ts'),
        '--dist-path',
        out,
        '--log-level',
        'error',
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          ...(options.sharedVersion ? { TREK_SHARED_VERSION: options.sharedVersion } : {}),
        },
      },
    );
  } finally {
    rmSync(source, { recursive: true, force: true });
  }
  return out;
}

/** Deploys a build folder as a version under `to`, with the root deploy script; its manifest URL. */
export async function deployRemote(
  remote: RemoteName,
  options: { from: string; to: string; baseUrl: string },
): Promise<{ version: string; manifestUrl: string; output: string }> {
  const { stdout } = await run(
    process.execPath,
    [
      join(ROOT, 'scripts/deploy-remote.mjs'),
      remote,
      '--from',
      options.from,
      '--to',
      options.to,
      '--base-url',
      options.baseUrl,
    ],
    { cwd: ROOT },
  );
  const manifestUrl = /Manifest: (\S+)/.exec(stdout)?.[1];
  const version = manifestUrl?.split('/').at(-2);
  if (!manifestUrl || !version) throw new Error(`No manifest URL in:\n${stdout}`);
  return { version, manifestUrl, output: stdout };
}

/** Replaces a served folder's content with a build's, in place (the old files are gone). */
export function replaceFolder(folder: string, build: string): void {
  for (const entry of readdirSync(folder)) rmSync(join(folder, entry), { recursive: true });
  cpSync(build, folder, { recursive: true });
}

/** A fresh empty folder for the test's own builds and deploys. */
export function scratchFolder(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `trek-e2e-${name}-`));
  mkdirSync(dir, { recursive: true });
  return dir;
}

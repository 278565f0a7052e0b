// @ts-check
/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) sibling of every text file of a build, at the
 * highest levels (they are made once, at build time, and sent many times). `static-files.mjs`
 * sends them to browsers that accept them (docs/decisions/0007-what-the-browser-receives.md).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images other than SVG are compressed already. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt']);

/** Below this size, the encoding header costs more than it saves. */
export const MIN_BYTES = 512;

/**
 * @param {string} dir
 * @returns {AsyncGenerator<string>}
 */
async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Compresses every compressible file of `dir` (a fresh build: Rsbuild empties it first). A
 * sibling that would not be smaller than the original is not written; the original is sent.
 * @param {string} dir
 * @returns {Promise<{ files: number, bytes: number, brotliBytes: number }>}
 */
export async function precompress(dir) {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    const { size } = await stat(file);
    if (size < MIN_BYTES) continue;
    const source = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(source, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < source.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
    totals.files += 1;
    totals.bytes += source.length;
    totals.brotliBytes += Math.min(br.length, source.length);
  }
  return totals;
}

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompress } from './precompress.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('precompress', () => {
  it('writes a brotli and a gzip copy of each text file that shrinks, and of nothing else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trek-precompress-'));
    dirs.push(dir);
    const text = 'export const trek = "Salkantay";\n'.repeat(200);
    mkdirSync(join(dir, 'static/js'), { recursive: true });
    writeFileSync(join(dir, 'static/js/page.js'), text);
    writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ text }));
    writeFileSync(join(dir, 'tiny.css'), 'a{}');
    writeFileSync(join(dir, 'photo.png'), Buffer.alloc(MIN_BYTES * 4, 7));

    const totals = await precompress(dir);

    expect(totals.files).toBe(2);
    expect(totals.brotliBytes).toBeLessThan(totals.bytes / 10);
    const js = join(dir, 'static/js/page.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(text);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(text);
    expect(existsSync(join(dir, 'mf-manifest.json.br'))).toBe(true);
    // Too small to gain anything, or not text.
    expect(existsSync(join(dir, 'tiny.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'photo.png.br'))).toBe(false);
  });
});

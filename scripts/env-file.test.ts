import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyEnvFile } from './env-file.mjs';

describe('applyEnvFile (.env for npm start)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'trek-env-file-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("adds the file's variables, and the environment wins over the file", () => {
    const file = join(dir, '.env');
    writeFileSync(
      file,
      [
        '# a comment',
        'HOST_PORT=5750',
        'API_PORT=5760',
        'MAIL_FROM="TrekPeru <hola@trekperu.example>"',
        '# SMTP_URL=smtp://commented.out',
        '',
      ].join('\n'),
    );
    const env: Record<string, string | undefined> = { API_PORT: '5770' };
    expect(applyEnvFile(file, env)).toEqual(['HOST_PORT', 'MAIL_FROM']);
    expect(env).toEqual({
      HOST_PORT: '5750',
      API_PORT: '5770',
      MAIL_FROM: 'TrekPeru <hola@trekperu.example>',
    });
  });

  it('changes nothing without a file', () => {
    const env = { HOST_PORT: '3000' };
    expect(applyEnvFile(join(dir, '.env'), env)).toEqual([]);
    expect(env).toEqual({ HOST_PORT: '3000' });
  });
});

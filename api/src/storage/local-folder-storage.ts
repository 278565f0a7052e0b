import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, type ObjectStorage } from './object-storage.js';

/**
 * Objects as files in a folder (by default DATA_DIR/storage): the bytes in `<key>`, the content
 * type beside them in `<key>.meta.json`. A body is written to a temporary file and renamed into
 * place once complete, so a failed or partial upload never shows as an object.
 */
export function localFolderStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => {
    assertValidKey(key);
    return join(root, key);
  };

  return {
    async put(key, body, { contentType }) {
      const path = pathOf(key);
      // Synchronously, so the body is consumed (and its errors caught) from the first chunk on.
      mkdirSync(dirname(path), { recursive: true });
      const temporary = `${path}.${randomBytes(6).toString('hex')}.partial`;
      const file = createWriteStream(temporary);
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, file);
        await writeFile(`${path}.meta.json`, JSON.stringify({ contentType }));
        await rename(temporary, path);
      } catch (error) {
        // The pipeline rejects as soon as the body fails, while the file may still be opening:
        // removed before it is closed, it would be created again behind our back.
        if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const path = pathOf(key);
      try {
        const [meta, info] = await Promise.all([readFile(`${path}.meta.json`, 'utf8'), stat(path)]);
        const { contentType } = JSON.parse(meta) as { contentType: string };
        return { body: createReadStream(path), contentType, size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.meta.json`, { force: true });
    },

    // The folder has no URL of its own: the API serves its objects.
    signedUrl: async () => null,
  };
}

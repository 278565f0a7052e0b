import type { Readable } from 'node:stream';

/** An object as the store hands it back. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/**
 * Where profile photos and data exports live: a local folder by default
 * (`local-folder-storage.ts`), or any store with the same four operations, such as an
 * S3-compatible bucket (docs/decisions/0041-profile-photos-and-storage.md). Keys are
 * `<area>/<name>` paths such as `profile-images/<uuid>.png`.
 */
export interface ObjectStorage {
  /**
   * Stores the body under `key`. The object appears whole or not at all: a body that fails
   * half-way (too large, wrong type, the client left) leaves nothing behind. A stream body is
   * consumed from the call on (its errors are this promise's), not after some other await.
   */
  put(key: string, body: Readable | Buffer, options: { contentType: string }): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes the object; deleting one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A URL that reads the object directly from the store for a limited time (an S3 presigned
   * GET), or null when the store has none and the API streams the object itself.
   */
  signedUrl(key: string, expiresInSeconds: number): Promise<string | null>;
}

const KEY = /^[a-z][a-z0-9-]*\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Keys are plain `<area>/<name>` paths: nothing can climb out of the store's folder. */
export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}

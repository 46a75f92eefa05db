import type { Readable } from 'node:stream';

/** A stored file as storage hands it back: its bytes as a stream and their count. */
export interface StoredFile {
  body: Readable;
  size: number;
}

/**
 * Where uploaded files live (complaint attachments; DESIGN §5 Uploads). The modules know only this
 * interface; configuration picks a local folder or S3-compatible object storage (storage/index.ts).
 * Keys are the caller's: short paths of lower-case letters, digits, dashes and slashes.
 */
export interface FileStorage {
  /** Where files go, for the start-up log (no secrets). */
  readonly description: string;
  /** Stores `size` bytes under `key`, replacing nothing: keys are made unique by the caller. */
  put(key: string, body: Readable, meta: { size: number; contentType: string }): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file under `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** The keys every implementation accepts: no `..`, no leading slash, nothing a path could escape with. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*$/;
export const MAX_STORAGE_KEY = 200;

export function assertStorageKey(key: string): void {
  if (key.length > MAX_STORAGE_KEY || !KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
}

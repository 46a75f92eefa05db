import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type FileStorage, type StoredFile } from './file-storage';

/**
 * Files in a local folder (the default: `.data/uploads`). Each file is written under a temporary
 * name and renamed into place, so a reader never sees half a file and a failed write leaves
 * nothing. Files are readable by the portal's user only. One folder serves one API instance (or
 * instances sharing a network file system); several hosts use object storage (s3-storage.ts).
 */
export class LocalFolderStorage implements FileStorage {
  readonly description: string;

  constructor(private readonly dir: string) {
    this.description = `local folder ${dir}`;
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.dir, ...key.split('/'));
  }

  async put(key: string, body: Readable, meta: { size: number; contentType: string }): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      const written = (await stat(partial)).size;
      if (written !== meta.size) throw new Error(`stored ${written} bytes of ${meta.size} for ${key}`);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const path = this.pathOf(key);
    try {
      const { size } = await stat(path);
      return { body: createReadStream(path), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

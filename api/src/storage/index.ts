import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileStorage } from './file-storage';
import { LocalFolderStorage } from './local-folder-storage';
import { S3FileStorage, type S3StorageOptions } from './s3-storage';

export { assertStorageKey, type FileStorage, type StoredFile } from './file-storage';
export { LocalFolderStorage } from './local-folder-storage';
export { S3FileStorage, type S3StorageOptions } from './s3-storage';

/** The storage settings of the configuration (FILE_STORAGE, UPLOADS_DIR, S3_*: api/src/config). */
export type StorageSettings = { kind: 'local'; dir?: string; nodeEnv?: string } | ({ kind: 's3' } & S3StorageOptions);

const defaultUploadsDir = fileURLToPath(new URL('../../../.data/uploads', import.meta.url));

/**
 * FILE_STORAGE=s3 → object storage; else a local folder: UPLOADS_DIR, by default `<repo>/.data/uploads`,
 * and for test runs without UPLOADS_DIR a folder of the process in the system's temporary folder,
 * so tests leave no files in the repository.
 */
export function fileStorageFromSettings(settings: StorageSettings): FileStorage {
  if (settings.kind === 's3') return new S3FileStorage(settings);
  if (settings.dir) return new LocalFolderStorage(settings.dir);
  if (settings.nodeEnv === 'test') return new LocalFolderStorage(join(tmpdir(), `portal-uploads-${process.pid}`));
  return new LocalFolderStorage(defaultUploadsDir);
}

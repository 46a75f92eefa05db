export interface CodeCacheStore {
  read(code: string): Buffer | undefined;
  write(code: string, data: Buffer): void;
}
export function codeCacheStore(cacheDirectory: string): CodeCacheStore;

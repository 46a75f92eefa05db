/**
 * The API's in-memory caches, by name (issue 14 item 9, the back office's cache index). The
 * composition root makes one index; each module that keeps a cache registers how to clear it
 * (service-locations: the location snapshot; the composition root: the workflow catalogue and with
 * it the price answers). The caches module lists them and clears one on an administrator's request.
 * Each process has its own caches: a clear reaches this API instance; the others refresh on their
 * own revalidation timers, as they already do after a change made elsewhere.
 */
export class CacheIndex {
  private readonly caches = new Map<string, { clear: () => void; clearedAt: Date | null }>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** A cache's name is lower-case letters and underscores (`service_locations`); registered once. */
  register(name: string, clear: () => void): void {
    if (!/^[a-z][a-z_]*$/.test(name)) throw new Error(`cache name ${name} is not lower-case letters and underscores`);
    if (this.caches.has(name)) throw new Error(`cache ${name} is registered twice`);
    this.caches.set(name, { clear, clearedAt: null });
  }

  unregister(name: string): void {
    this.caches.delete(name);
  }

  list(): { name: string; clearedAt: Date | null }[] {
    return [...this.caches.entries()]
      .map(([name, { clearedAt }]) => ({ name, clearedAt }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  has(name: string): boolean {
    return this.caches.has(name);
  }

  /** Clears one cache; false when no cache has that name. */
  clear(name: string): boolean {
    const cache = this.caches.get(name);
    if (!cache) return false;
    cache.clear();
    cache.clearedAt = this.now();
    return true;
  }
}

/**
 * The API's in-memory caches, by name (issue 14 item 9, the back office's cache index). The
 * composition root makes one index; each module that keeps a cache registers how to clear it
 * (service-locations: the location snapshot; the composition root: the workflow catalogue and with
 * it the price answers). The caches module lists them and clears one on an administrator's request.
 * Each process has its own caches: a clear (or `announce`, after a change) is told to the other
 * API instances on the same database through `notices` (PostgreSQL NOTIFY), which clear their copy
 * at once (`clearLocally`); a lost notice costs only the caches' own expiry.
 */
/** Notices about caches are `cache:<name>`. */
const CACHE_TOPIC = 'cache:';

export class CacheIndex {
  private readonly caches = new Map<string, { clear: () => void; clearedAt: Date | null }>();

  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly notices?: { publish(topic: string): Promise<void> },
    private readonly onNoticeFailed: (error: unknown) => void = (error) =>
      console.error('cache notice not sent', error),
  ) {}

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

  /** Clears one cache here and in the other instances; false when no cache has that name. */
  clear(name: string): boolean {
    if (!this.clearLocally(name)) return false;
    this.announce(name);
    return true;
  }

  /** Clears one cache of this instance only (another instance's notice); false when unknown. */
  clearLocally(name: string): boolean {
    const cache = this.caches.get(name);
    if (!cache) return false;
    cache.clear();
    cache.clearedAt = this.now();
    return true;
  }

  /** Tells the other instances that what cache `name` holds changed here (they clear theirs). */
  announce(name: string): void {
    this.notices?.publish(`${CACHE_TOPIC}${name}`).catch(this.onNoticeFailed);
  }

  /** A notice's topic, if it names one of these caches: the cache's name. */
  static cacheOf(topic: string): string | null {
    return topic.startsWith(CACHE_TOPIC) ? topic.slice(CACHE_TOPIC.length) : null;
  }
}

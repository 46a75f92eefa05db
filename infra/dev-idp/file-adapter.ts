// The development provider's storage adapter (oidc-provider's Adapter interface): sessions,
// grants, interactions, codes and tokens kept in `<dataDir>/oidc-store.json`, so restarting the
// portal signs nobody out and breaks no sign-in in progress (issue 19, item 8). The default
// adapter keeps them in memory. Development only (production signs in through the operator's
// provider), so one JSON file written after each change is enough; expired entries are dropped.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

interface Entry {
  payload: Payload;
  /** Epoch milliseconds; absent: never expires. */
  expiresAt?: number;
}

/** One store per file, shared by every model's adapter in the process. */
class FileStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly file: string) {
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Entry>;
      for (const [key, entry] of Object.entries(stored)) this.entries.set(key, entry);
    } catch {
      // first start, or a file from an interrupted write: start empty
    }
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    this.save();
  }

  delete(keys: readonly string[]): void {
    for (const key of keys) this.entries.delete(key);
    if (keys.length > 0) this.save();
  }

  keysWhere(prefix: string, test: (payload: Payload) => boolean): string[] {
    return [...this.entries.entries()]
      .filter(([key, { payload }]) => key.startsWith(prefix) && test(payload))
      .map(([key]) => key);
  }

  /** Written whole and renamed into place (a crash never leaves half a file), owner-only. */
  private save(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries)
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) this.entries.delete(key);
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(Object.fromEntries(this.entries)), { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.file);
  }
}

const stores = new Map<string, FileStore>();

export interface OidcAdapter {
  upsert(id: string, payload: Payload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<Payload | undefined>;
  findByUserCode(userCode: string): Promise<Payload | undefined>;
  findByUid(uid: string): Promise<Payload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

/** oidc-provider's `adapter` setting: a class it instantiates once per model (`Session`, `Grant`…). */
export function fileAdapter(dataDir: string): new (model: string) => OidcAdapter {
  const file = path.join(dataDir, 'oidc-store.json');
  const store = stores.get(file) ?? new FileStore(file);
  stores.set(file, store);

  return class FileAdapter implements OidcAdapter {
    private readonly prefix: string;

    constructor(model: string) {
      this.prefix = `${model}:`;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      store.set(this.prefix + id, { payload, ...(expiresIn ? { expiresAt: Date.now() + expiresIn * 1000 } : {}) });
    }

    async find(id: string): Promise<Payload | undefined> {
      return store.get(this.prefix + id)?.payload;
    }

    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      const [key] = store.keysWhere(this.prefix, (payload) => payload.userCode === userCode);
      return key ? store.get(key)?.payload : undefined;
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      const [key] = store.keysWhere(this.prefix, (payload) => payload.uid === uid);
      return key ? store.get(key)?.payload : undefined;
    }

    async consume(id: string): Promise<void> {
      const entry = store.get(this.prefix + id);
      if (entry)
        store.set(this.prefix + id, {
          ...entry,
          payload: { ...entry.payload, consumed: Math.floor(Date.now() / 1000) },
        });
    }

    async destroy(id: string): Promise<void> {
      store.delete([this.prefix + id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      // Every model's entries of the grant (tokens, codes), as oidc-provider expects.
      store.delete(store.keysWhere('', (payload) => payload.grantId === grantId));
    }
  };
}

/** Forgets the loaded stores (tests simulate a restart of the process). */
export function forgetLoadedStores(): void {
  stores.clear();
}

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './database';

/** The channel every API instance on one database listens on. */
const CHANNEL = 'portal_changes';

/**
 * What one API instance tells the others on the same database (issue 17 item 2: several instances
 * are correct): "I changed what your cache `topic` holds". PostgreSQL's NOTIFY reaches every
 * listening session at once (PGlite's, the one process's). A notice is a hint, not the data: the
 * others drop their copy and read the database again. An instance ignores its own notices.
 */
export class ChangeNotices {
  private readonly instance = randomUUID();
  private stop: (() => Promise<void>) | undefined;

  constructor(private readonly db: Database) {}

  /** Starts hearing the other instances' notices; `onChange` gets each notice's topic. */
  async start(onChange: (topic: string) => void): Promise<void> {
    this.stop = await this.db.listen(CHANNEL, (payload) => {
      const notice = parse(payload);
      if (notice && notice.from !== this.instance) onChange(notice.topic);
    });
  }

  /** Tells the other instances that `topic` changed. */
  async publish(topic: string): Promise<void> {
    const payload = JSON.stringify({ from: this.instance, topic });
    await this.db.orm.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
  }

  /**
   * Stops listening. Tolerates a database closed first (an entry point's onClose hook may close it
   * before the app's own hooks run): its connection, and the listening with it, is gone already.
   */
  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = undefined;
    await stop?.().catch(() => undefined);
  }
}

function parse(payload: string): { from: string; topic: string } | null {
  try {
    const value = JSON.parse(payload) as { from?: unknown; topic?: unknown };
    return typeof value.from === 'string' && typeof value.topic === 'string'
      ? { from: value.from, topic: value.topic }
      : null;
  } catch {
    return null;
  }
}

import { createHash } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { idempotencyKeys } from './schema';

/** How long a first answer is kept and replayed (Stripe keeps its for 24 hours too). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a first call holds its key before a retry may take it over (a call that never finished). */
export const IDEMPOTENCY_LOCK_MS = 60 * 1000;
/** The longest key taken: a UUID or a client's own request id fits many times over. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** The request an answer belongs to. */
export interface IdempotentRequest {
  scope: string;
  key: string;
  method: string;
  path: string;
  body: unknown;
}

/** A first answer as stored: status, content type and body text. */
export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

/**
 * What a call with a key finds: the key is now its own (`claimed`: run the call, then `complete`),
 * the first call's answer (`replay`), the first call still running (`running`), or the key used for
 * another request (`reused`).
 */
export type Claim =
  | { kind: 'claimed'; id: number }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'running' }
  | { kind: 'reused' };

export function fingerprintOf({ method, path, body }: Pick<IdempotentRequest, 'method' | 'path' | 'body'>): string {
  return createHash('sha256')
    .update(`${method}\n${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * The idempotency keys' store (issue 38 item 1). A claim is one statement: the insert wins the
 * key, or finds the row of the call that won it (the unique index decides between concurrent
 * callers on PostgreSQL and PGlite alike); an expired row, or a running one whose lock ran out, is
 * taken over in the same statement.
 */
export class IdempotencyService {
  constructor(
    private readonly orm: Orm,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async claim(request: IdempotentRequest): Promise<Claim> {
    const now = this.now();
    const fingerprint = fingerprintOf(request);
    const values = {
      scope: request.scope,
      key: request.key,
      method: request.method,
      path: request.path,
      fingerprint,
      status: null,
      contentType: null,
      body: null,
      lockedUntil: new Date(now.getTime() + IDEMPOTENCY_LOCK_MS),
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    };
    const [won] = await this.orm
      .insert(idempotencyKeys)
      .values(values)
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: values,
        setWhere: or(
          lte(idempotencyKeys.expiresAt, now),
          and(
            isNull(idempotencyKeys.status),
            lte(idempotencyKeys.lockedUntil, now),
            eq(idempotencyKeys.fingerprint, fingerprint),
          ),
        ),
      })
      .returning({ id: idempotencyKeys.id });
    if (won) return { kind: 'claimed', id: won.id };
    return this.find(request.scope, request.key, fingerprint);
  }

  /** The state of a key another call holds (claim's second half; also polled while it runs). */
  async find(scope: string, key: string, fingerprint: string): Promise<Claim> {
    const [row] = await this.orm
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    // Released between the two statements (the first call failed): the caller claims again.
    if (!row) return { kind: 'running' };
    if (row.fingerprint !== fingerprint) return { kind: 'reused' };
    if (row.status === null || row.body === null) return { kind: 'running' };
    return { kind: 'replay', answer: { status: row.status, contentType: row.contentType, body: row.body } };
  }

  /** The first call's answer, kept for the rest of the key's 24 hours. */
  async complete(id: number, answer: StoredAnswer): Promise<void> {
    await this.orm
      .update(idempotencyKeys)
      .set({ status: answer.status, contentType: answer.contentType, body: answer.body })
      .where(eq(idempotencyKeys.id, id));
  }

  /** The first call failed on the server's side (5xx) or gave no body to keep: a retry runs it again. */
  async release(id: number): Promise<void> {
    await this.orm.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, id), isNull(idempotencyKeys.status)));
  }

  /** Deletes the keys past their 24 hours; how many. */
  async trimExpired(): Promise<number> {
    const deleted = await this.orm
      .delete(idempotencyKeys)
      .where(lte(idempotencyKeys.expiresAt, this.now()))
      .returning({ id: idempotencyKeys.id });
    return deleted.length;
  }

  /** How many keys are stored (tests, metrics). */
  async count(): Promise<number> {
    const [row] = await this.orm.select({ total: sql<number>`count(*)::int` }).from(idempotencyKeys);
    return row?.total ?? 0;
  }
}

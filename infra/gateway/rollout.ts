import { createHash, randomUUID } from 'node:crypto';

/** The cookie that keeps a visitor on the same side of every rollout. */
export const VISITOR_COOKIE = 'portal_visitor';

/** The visitor id from a Cookie header, or a new one (then the caller sets the cookie). */
export function visitorId(cookieHeader: string | undefined): { id: string; isNew: boolean } {
  const match = /(?:^|;\s*)portal_visitor=([A-Za-z0-9-]{8,64})(?:;|$)/.exec(cookieHeader ?? '');
  return match?.[1] ? { id: match[1], isNew: false } : { id: randomUUID(), isNew: true };
}

/** A visitor's stable place 0–99 for one remote: the same visitor and remote always give the same. */
export function bucketOf(visitor: string, remote: string): number {
  return createHash('sha256').update(`${visitor}:${remote}`).digest().readUInt32BE(0) % 100;
}

interface RolloutEntry {
  name: string;
  manifest: string;
  version?: string;
  rollout?: { version: string; manifest: string; percent: number };
}

/**
 * The remotes file as one visitor sees it: each remote with a rollout points at its second version
 * for the visitors whose place is below the percentage, at its first for the others. The rollout
 * itself is not shown to the browser.
 */
export function resolveRollouts<T extends RolloutEntry>(remotes: readonly T[], visitor: string): T[] {
  return remotes.map(({ rollout, ...entry }) => {
    if (!rollout || bucketOf(visitor, entry.name) >= rollout.percent) return entry as T;
    return { ...entry, manifest: rollout.manifest, version: rollout.version } as T;
  });
}

import { sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { adminAudit, adminAuditArchive } from './schema';

/** Rows moved per statement: a year of a busy back office is not one long transaction. */
const BATCH = 5_000;

/**
 * Moves the audit rows written before `before` from `admin_audit` to `admin_audit_archive`, stamped
 * `archivedAt`; how many. Each batch is one statement (a delete feeding an insert), so a row is in
 * exactly one of the two tables at every moment and a failure loses nothing. The audit trail is
 * archived, never deleted (issue 41: README.md "Data retention").
 */
export async function archiveAuditTrail(orm: Orm, before: Date, archivedAt: Date): Promise<number> {
  let moved = 0;
  for (;;) {
    const result = await orm.execute(sql`
      with moved as (
        delete from ${adminAudit}
        where ${adminAudit.id} in (
          select ${adminAudit.id} from ${adminAudit} where ${adminAudit.at} < ${before.toISOString()}::timestamptz
          order by ${adminAudit.id} limit ${BATCH}
        )
        returning *
      )
      insert into ${adminAuditArchive}
        (id, user_id, at, method, route, path, status, entity_type, entity_id, before, after, archived_at)
      select id, user_id, at, method, route, path, status, entity_type, entity_id, before, after, ${archivedAt.toISOString()}::timestamptz
      from moved
      returning 1`);
    const count = (result as unknown as { rows: unknown[] }).rows.length;
    moved += count;
    if (count < BATCH) return moved;
  }
}

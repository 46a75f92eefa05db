import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Orm } from '../../db';
import { type AuditValue, adminAudit } from './schema';

export type AuditRow = typeof adminAudit.$inferSelect;
export type AuditInsert = Omit<typeof adminAudit.$inferInsert, 'id'>;

export interface AuditFilter {
  userId?: number;
  entityType?: string;
  entityId?: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  until?: Date;
}

/** What a route tells the audit about its change (the `auditChange` helper). */
export interface AuditChange {
  entityType: string;
  entityId: string | number | null;
  before: unknown;
  after: unknown;
}

/** The audit trail's store: rows are only ever added, and read newest first. */
export class AuditService {
  constructor(private readonly orm: Orm) {}

  async record(entry: AuditInsert): Promise<AuditRow> {
    const [row] = await this.orm.insert(adminAudit).values(entry).returning();
    if (!row) throw new Error('audit insert returned no row');
    return row;
  }

  async search(
    filter: AuditFilter,
    paging: { page: number; itemsPerPage: number },
  ): Promise<{ items: AuditRow[]; totalItems: number }> {
    const conditions: SQL[] = [];
    if (filter.userId !== undefined) conditions.push(eq(adminAudit.userId, filter.userId));
    if (filter.entityType !== undefined) conditions.push(eq(adminAudit.entityType, filter.entityType));
    if (filter.entityId !== undefined) conditions.push(eq(adminAudit.entityId, filter.entityId));
    if (filter.from !== undefined) conditions.push(gte(adminAudit.at, filter.from));
    if (filter.until !== undefined) conditions.push(lt(adminAudit.at, filter.until));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [items, [total]] = await Promise.all([
      this.orm
        .select()
        .from(adminAudit)
        .where(where)
        .orderBy(desc(adminAudit.at), desc(adminAudit.id))
        .limit(paging.itemsPerPage)
        .offset((paging.page - 1) * paging.itemsPerPage),
      this.orm.select({ value: count() }).from(adminAudit).where(where),
    ]);
    return { items, totalItems: total?.value ?? 0 };
  }
}

/**
 * A value as JSON the audit can keep: what the API answered, turned into plain JSON (dates as ISO
 * strings); anything that is not an object is wrapped so the column always holds an object.
 */
export function auditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  const plain: unknown = JSON.parse(JSON.stringify(value));
  return typeof plain === 'object' && plain !== null && !Array.isArray(plain)
    ? (plain as Record<string, unknown>)
    : { value: plain };
}

import {
  checkDiscount,
  conflictingDiscounts,
  type Discount,
  type DiscountInput,
  type DiscountKind,
  type DiscountPeriod,
  type DiscountStatus,
  type DiscountType,
  type DiscountViolation,
  discountLeftCount,
  normaliseDiscountCode,
} from '@portal/shared-contracts/admin';
import { rigaDate } from '@portal/shared-contracts/calendar';
import { and, asc, count, desc, eq, gte, ilike, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import type { Paging } from '../../http/hydra';
import { invalidInput } from '../../http/problem';
import { userIdOfSubject } from '../identity';
import { discounts, userDiscounts } from './schema';

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];
type Row = typeof discounts.$inferSelect;

export const DISCOUNT_SORTS = ['code', 'validFrom', 'validTill', 'createdAt', 'usageCount', 'value'] as const;
export type DiscountSort = (typeof DISCOUNT_SORTS)[number];

export interface DiscountFilter {
  /** Part of the code, any case. */
  code?: string;
  status?: DiscountStatus;
  kind?: DiscountKind;
  sort: DiscountSort;
  direction: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  code: discounts.code,
  validFrom: discounts.validFrom,
  validTill: discounts.validTill,
  createdAt: discounts.createdAt,
  usageCount: discounts.usageCount,
  value: discounts.value,
} as const;

export function toDiscount(row: Row): Discount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind === 'loyalty' ? 'loyalty' : 'code',
    type: row.type === 'fixedPrice' ? 'fixedPrice' : 'percentage',
    value: row.value,
    frequency: row.frequency === 'nth' || row.frequency === 'afterN' ? row.frequency : 'each',
    frequencyIndex: row.frequencyIndex,
    status: row.status === 'active' ? 'active' : 'inactive',
    usageCount: row.usageCount,
    maxCount: row.maxCount,
    leftCount: discountLeftCount(row),
    validFrom: row.validFrom,
    validTill: row.validTill,
    userType: row.userType === 'registered' ? 'registered' : 'all',
    createdAt: row.createdAt.toISOString(),
  };
}

/** A loyalty discount the user holds (GET /api/user_discounts). */
export interface UserDiscount {
  id: number;
  code: string;
  type: DiscountType;
  value: number;
  validFrom: string | null;
  validTill: string | null;
  assignedAt: string;
  /** Null until the user closed the new-discount dialog. */
  seenAt: string | null;
  /** Whether it can be applied today (active, in its period, uses left). */
  usable: boolean;
}

/**
 * The back office's discounts (SPEC §5 Discounts) and the loyalty discounts of registered users
 * (SPEC §4). Every write runs the shared rules (`checkDiscount`, `conflictingDiscounts`) inside one
 * transaction holding an advisory lock, so two administrators cannot save overlapping periods at once.
 */
export class DiscountService {
  constructor(
    private readonly orm: Orm,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(
    filter: DiscountFilter,
    { page, itemsPerPage }: Paging,
  ): Promise<{ items: Discount[]; totalItems: number }> {
    const where = this.where(filter);
    const [total] = await this.orm.select({ total: count() }).from(discounts).where(where);
    const rows = await this.orm
      .select()
      .from(discounts)
      .where(where)
      .orderBy(...this.order(filter))
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage);
    return { items: rows.map(toDiscount), totalItems: total?.total ?? 0 };
  }

  /** Every discount the filter selects, in its order (the export). */
  async all(filter: DiscountFilter): Promise<Discount[]> {
    const rows = await this.orm
      .select()
      .from(discounts)
      .where(this.where(filter))
      .orderBy(...this.order(filter));
    return rows.map(toDiscount);
  }

  async find(id: number): Promise<Discount | undefined> {
    const [row] = await this.orm.select().from(discounts).where(eq(discounts.id, id));
    return row && toDiscount(row);
  }

  async create(input: DiscountInput): Promise<Discount> {
    return this.orm.transaction(async (tx) => {
      await lockDiscounts(tx);
      await this.check(tx, input, null);
      const usageCount = input.leftCount !== null && input.maxCount !== null ? input.maxCount - input.leftCount : 0;
      const [row] = await tx.insert(discounts).values(toRow(input, usageCount)).returning();
      return toDiscount(row!);
    });
  }

  /** Replaces the discount's fields; undefined when there is none with that id. */
  async update(id: number, input: DiscountInput): Promise<Discount | undefined> {
    return this.orm.transaction(async (tx) => {
      await lockDiscounts(tx);
      const [previous] = await tx.select().from(discounts).where(eq(discounts.id, id)).for('update');
      if (!previous) return undefined;
      await this.check(tx, input, previous);
      // A left count the administrator sets moves the usage count; otherwise the uses so far stay.
      const usageCount =
        input.leftCount !== null && input.maxCount !== null ? input.maxCount - input.leftCount : previous.usageCount;
      const [row] = await tx.update(discounts).set(toRow(input, usageCount)).where(eq(discounts.id, id)).returning();
      return toDiscount(row!);
    });
  }

  /** Ends a discount's use at once (it stays listed and exported); undefined when there is none. */
  async deactivate(id: number): Promise<Discount | undefined> {
    const [row] = await this.orm.update(discounts).set({ status: 'inactive' }).where(eq(discounts.id, id)).returning();
    return row && toDiscount(row);
  }

  /**
   * SPEC §4: after a registered user's paid order, every active loyalty discount in its period
   * whose N (frequency index) the user's paid orders have reached is assigned to the user, once.
   * Runs in the settlement's transaction (orders/payment-service.ts), so a replayed callback assigns
   * nothing twice. `paidOrders` (the user's paid orders, this one included) is counted by the
   * orders module, which owns the orders' tables.
   */
  async assignLoyalty(tx: Tx, userId: number | null, paidOrders: number, now: Date): Promise<number[]> {
    if (userId === null) return [];
    const on = rigaDate(now);
    const due = await tx
      .select({ id: discounts.id })
      .from(discounts)
      .where(
        and(
          eq(discounts.kind, 'loyalty'),
          eq(discounts.status, 'active'),
          lte(discounts.frequencyIndex, paidOrders),
          or(isNull(discounts.validFrom), lte(discounts.validFrom, on)),
          or(isNull(discounts.validTill), gte(discounts.validTill, on)),
        ),
      );
    if (due.length === 0) return [];
    const assigned = await tx
      .insert(userDiscounts)
      .values(due.map(({ id }) => ({ userId, discountId: id, assignedAt: now })))
      .onConflictDoNothing()
      .returning({ discountId: userDiscounts.discountId });
    return assigned.map((row) => row.discountId);
  }

  /** The loyalty discounts of the user with this identity-provider subject, newest first. */
  async ofUser(subject: string): Promise<UserDiscount[]> {
    const on = rigaDate(this.now());
    const userId = await userIdOfSubject(this.orm, subject);
    if (userId === undefined) return [];
    const rows = await this.orm
      .select({ assignment: userDiscounts, discount: discounts })
      .from(userDiscounts)
      .innerJoin(discounts, eq(discounts.id, userDiscounts.discountId))
      .where(eq(userDiscounts.userId, userId))
      .orderBy(desc(userDiscounts.assignedAt), desc(userDiscounts.id));
    return rows.map(({ assignment, discount }) => ({
      id: assignment.id,
      code: discount.code,
      type: discount.type === 'fixedPrice' ? 'fixedPrice' : 'percentage',
      value: discount.value,
      validFrom: discount.validFrom,
      validTill: discount.validTill,
      assignedAt: assignment.assignedAt.toISOString(),
      seenAt: assignment.seenAt?.toISOString() ?? null,
      usable:
        discount.status === 'active' &&
        (discount.validFrom === null || discount.validFrom <= on) &&
        (discount.validTill === null || discount.validTill >= on) &&
        (discount.maxCount === null || discount.usageCount < discount.maxCount),
    }));
  }

  /** The user closed the new-discount dialog for this assignment; false when it is not theirs. */
  async markSeen(subject: string, assignmentId: number): Promise<boolean> {
    const userId = await userIdOfSubject(this.orm, subject);
    if (userId === undefined) return false;
    const [row] = await this.orm
      .select({ id: userDiscounts.id, seenAt: userDiscounts.seenAt })
      .from(userDiscounts)
      .where(and(eq(userDiscounts.id, assignmentId), eq(userDiscounts.userId, userId)));
    if (!row) return false;
    // The first close counts; closing it again on another device keeps that time.
    if (row.seenAt === null) {
      await this.orm.update(userDiscounts).set({ seenAt: this.now() }).where(eq(userDiscounts.id, row.id));
    }
    return true;
  }

  /**
   * Whether the user with this subject holds the loyalty discount with this code (the price
   * service asks before it applies a loyalty code: SPEC §4, only the users it was assigned to).
   */
  async holdsLoyalty(code: string, subject: string | null): Promise<boolean> {
    if (subject === null) return false;
    const userId = await userIdOfSubject(this.orm, subject);
    if (userId === undefined) return false;
    const [row] = await this.orm
      .select({ id: userDiscounts.id })
      .from(userDiscounts)
      .innerJoin(discounts, eq(discounts.id, userDiscounts.discountId))
      .where(and(eq(userDiscounts.userId, userId), eq(discounts.code, normaliseDiscountCode(code))))
      .limit(1);
    return row !== undefined;
  }

  private async check(tx: Tx, input: DiscountInput, previous: Row | null): Promise<void> {
    const violations: DiscountViolation[] = checkDiscount(input, rigaDate(this.now()), previous);
    if (violations.length === 0) {
      const others = await tx
        .select({
          id: discounts.id,
          code: discounts.code,
          kind: discounts.kind,
          status: discounts.status,
          validFrom: discounts.validFrom,
          validTill: discounts.validTill,
        })
        .from(discounts)
        .where(
          and(
            eq(discounts.status, 'active'),
            or(eq(discounts.code, normaliseDiscountCode(input.code)), eq(discounts.kind, 'loyalty')),
            previous ? ne(discounts.id, previous.id) : undefined,
          ),
        );
      violations.push(...conflictingDiscounts(input, others as DiscountPeriod[]));
    }
    if (violations.length > 0) throw invalidInput(422, violations);
  }

  private where(filter: DiscountFilter): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(discounts.status, filter.status));
    if (filter.kind) conditions.push(eq(discounts.kind, filter.kind));
    // Codes hold only letters, digits, "-" and "_" (the route checks the filter): "_" is escaped.
    if (filter.code) conditions.push(ilike(discounts.code, `%${filter.code.replaceAll('_', '\\_')}%`));
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  private order(filter: DiscountFilter) {
    const column = SORT_COLUMNS[filter.sort];
    return [filter.direction === 'asc' ? asc(column) : desc(column), desc(discounts.id)];
  }
}

/** One writer of discounts at a time: the period rules read the others before writing. */
async function lockDiscounts(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('discounts'))`);
}

function toRow(input: DiscountInput, usageCount: number) {
  return {
    code: normaliseDiscountCode(input.code),
    kind: input.kind,
    type: input.type,
    value: input.value,
    // A loyalty discount's N counts the user's paid orders, not the shipments of one order: once
    // assigned it lowers each shipment (the price engine reads `frequency`).
    frequency: input.kind === 'loyalty' ? 'each' : input.frequency,
    // N means nothing for "each shipment" unless the discount is a loyalty one (after N orders).
    frequencyIndex: input.frequency === 'each' && input.kind !== 'loyalty' ? null : input.frequencyIndex,
    status: input.status,
    usageCount,
    maxCount: input.maxCount,
    validFrom: input.validFrom,
    validTill: input.validTill,
    userType: input.userType,
  };
}

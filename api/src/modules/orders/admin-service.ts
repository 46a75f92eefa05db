import type { AdminOrderListItem, OrderCancellation } from '@portal/shared-contracts/admin';
import { ORDER_MESSAGES, type OrderResource, type OrderWrite } from '@portal/shared-contracts/orders';
import { isValidS10 } from '@portal/shared-contracts/s10';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { rigaMidnight } from '../../calendar';
import type { Orm } from '../../db';
import { invalidInput, notFound } from '../../http/problem';
import { accountClients, accountExists, accountsMatchingClient, userEmails, usersMatchingEmail } from '../identity';
import { ACCOUNT_NOT_FOUND } from './access';
import type { AdminListQuery } from './admin-model';
import type { OrderRow } from './resource';
import { orderCancellations, orderLines, orders } from './schema';
import { notEditable, type OrderService } from './service';
import { qualified } from './sql-fields';

/** An order as the back office shows it: the client's order, who the client is, and a cancellation's reason. */
export interface AdminOrder extends OrderResource {
  client: { account: string; email: string | null; companyName: string | null } | null;
  createdBy: { id: number; email: string | null } | null;
  cancellation: OrderCancellation | null;
}

// Registered clients' orders are priced as registered ones; a visitor's order as a visitor's.
const registeredOwner = (order: OrderRow) => order.accountId !== null;

/**
 * The back office's orders (issue 14 item 3): search every client's orders, show one, edit or
 * create one on a client's behalf, cancel one with a reason. The roles are checked by the routes
 * (admin-routes.ts); the rules of saving are the owner's own (OrderService), so an agent can do
 * nothing to an order that its client could not. Archived orders (a deleted account's) stay out
 * of reach, as on every other route.
 */
export class AdminOrderService {
  constructor(
    private readonly orm: Orm,
    private readonly orders: OrderService,
  ) {}

  async list(query: AdminListQuery): Promise<{ members: AdminOrderListItem[]; total: number }> {
    // Test-mode orders (issue 38) are an integrator's experiments, not the post's business: never listed.
    const conditions: SQL[] = [isNull(orders.archivedAt), eq(orders.testMode, false)];
    if (query.status) conditions.push(eq(orders.status, query.status));
    if (query.account) conditions.push(eq(orders.accountId, query.account));
    if (query.dateFrom) conditions.push(gte(orders.createdAt, rigaMidnight(query.dateFrom, 0)));
    if (query.dateTill) conditions.push(lt(orders.createdAt, rigaMidnight(query.dateTill, 1)));
    if (query.shipment) {
      // Shipment numbers are stored as valid S10 numbers: other text can match nothing.
      const shipment = isValidS10(query.shipment);
      conditions.push(
        shipment.valid
          ? sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.barcode} = ${shipment.number})`
          : sql`false`,
      );
    }
    if (query.client) {
      // The client as an agent knows them: any part of the account's e-mail or company name, or of
      // the creating user's e-mail.
      const needle = `%${query.client.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
      conditions.push(
        or(
          inArray(orders.accountId, accountsMatchingClient(this.orm, needle)),
          inArray(orders.userId, usersMatchingEmail(this.orm, needle)),
        ) as SQL,
      );
    }
    const where = and(...conditions);
    const direction = query['_order[createdAt]'].toUpperCase() === 'ASC' ? asc : desc;
    const [rows, [counted]] = await Promise.all([
      this.orm
        .select({
          key: orders.key,
          status: orders.status,
          accountId: orders.accountId,
          price: orders.price,
          createdAt: orders.createdAt,
          paidAt: orders.paidAt,
          barcodes: qualified(
            sql<
              string[]
            >`coalesce((select array_agg(${orderLines.barcode} order by ${orderLines.position}) from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.barcode} is not null), '{}')`,
          ),
          lineCount: qualified(
            sql<number>`(select count(*)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
          ),
        })
        .from(orders)
        .where(where)
        .orderBy(direction(orders.createdAt), direction(orders.id))
        .limit(query.rowsPerPage)
        .offset((query.page - 1) * query.rowsPerPage),
      this.orm.select({ total: count() }).from(orders).where(where),
    ]);
    // The client of each order as the identity module names it.
    const clientOf = await accountClients(this.orm, [
      ...new Set(rows.flatMap((row) => (row.accountId === null ? [] : [row.accountId]))),
    ]);
    return {
      total: counted?.total ?? 0,
      members: rows.map((row) => ({
        '@id': `/api/admin/orders/${row.key}`,
        key: row.key,
        status: row.status,
        account: row.accountId === null ? null : `/api/accounts/${row.accountId}`,
        client: clientName(row.accountId === null ? undefined : clientOf.get(row.accountId)),
        barcodes: row.barcodes,
        lineCount: row.lineCount,
        priceCents: row.price?.amount ?? null,
        createdAt: row.createdAt.toISOString(),
        paidAt: row.paidAt?.toISOString() ?? null,
      })),
    };
  }

  async get(key: string): Promise<AdminOrder> {
    const current = await this.current(key);
    const { lines } = await this.orders.load(key);
    const resource = await this.orders.resource(current, lines, {
      registered: registeredOwner(current),
      subject: null,
    });
    const client =
      current.accountId === null
        ? undefined
        : (await accountClients(this.orm, [current.accountId])).get(current.accountId);
    const creator = await this.creator(current.userId);
    const [cancellation] = await this.orm
      .select({
        reason: orderCancellations.reason,
        cancelledBy: orderCancellations.cancelledBy,
        cancelledAt: orderCancellations.cancelledAt,
      })
      .from(orderCancellations)
      .where(eq(orderCancellations.orderId, current.id));
    return {
      ...resource,
      client:
        client && current.accountId !== null ? { account: `/api/accounts/${current.accountId}`, ...client } : null,
      createdBy: creator ?? null,
      cancellation: cancellation ? { ...cancellation, cancelledAt: cancellation.cancelledAt.toISOString() } : null,
    };
  }

  /** Creates an order for the client's account (`account` of the body, required); the agent is recorded by the audit trail. */
  async create(body: OrderWrite, accountId: number): Promise<AdminOrder> {
    if (!(await accountExists(this.orm, accountId))) {
      throw invalidInput(422, [{ propertyPath: 'account', message: ACCOUNT_NOT_FOUND, code: 'ACCOUNT_NOT_FOUND' }]);
    }
    // No user of the account created it: `user_id` stays empty, so the client's "mine" list does
    // not claim it for any one of them.
    const created = await this.orders.insertOrder({ accountId, userId: null }, body, {
      registered: true,
      subject: null,
    });
    return this.get(created.order.key);
  }

  /** Replaces an unfinished order's content with the version the agent read (409 when stale). */
  async update(key: string, body: OrderWrite): Promise<AdminOrder> {
    const current = await this.current(key);
    await this.orders.replaceContent(current, body, { registered: registeredOwner(current), subject: null });
    return this.get(key);
  }

  /** Cancels an unfinished order and records why and by whom (422 once paid or cancelled: refunds are the way back). */
  async cancel(key: string, reason: string, adminUserId: number | null): Promise<AdminOrder> {
    const current = await this.current(key);
    if (current.status !== 'unfinished') throw notEditable();
    await this.orders.markCancelled(current, async (tx, now) => {
      await tx
        .insert(orderCancellations)
        .values({ orderId: current.id, reason, cancelledBy: adminUserId, cancelledAt: now });
    });
    return this.get(key);
  }

  /** The user who created the order, as the back office shows them. */
  private async creator(userId: number | null): Promise<{ id: number; email: string | null } | undefined> {
    if (userId === null) return undefined;
    const emails = await userEmails(this.orm, [userId]);
    return emails.has(userId) ? { id: userId, email: emails.get(userId) ?? null } : undefined;
  }

  private async current(key: string): Promise<OrderRow> {
    const [order] = await this.orm.select().from(orders).where(eq(orders.key, key));
    if (!order || order.archivedAt !== null) throw notFound(ORDER_MESSAGES.orderNotFound);
    return order;
  }
}

/** A client as the back office's list names them: the company, else the account's e-mail. */
function clientName(client: { email: string | null; companyName: string | null } | undefined): string | null {
  return client?.companyName ?? client?.email ?? null;
}

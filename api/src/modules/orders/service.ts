import { isApprovalViolation } from '@portal/shared-contracts';
import {
  MAX_STEP,
  NOTICE_CODES,
  ORDER_CODES,
  ORDER_LIST_COUNT_LIMIT,
  ORDER_MESSAGES,
  ORDER_SEARCH_COUNT_LIMIT,
  type OrderListItem,
  type OrderResource,
  type OrderViolation,
  type OrderWrite,
  orderViolations,
  type ValidationScope,
} from '@portal/shared-contracts/orders';
import type { Price } from '@portal/shared-contracts/pricing';
import { isValidS10 } from '@portal/shared-contracts/s10';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { rigaMidnight } from '../../calendar';
import type { Orm } from '../../db';
import { ApiError, invalidInput, type Violation } from '../../http/problem';
import type { CourierService } from '../courier';
import { PRICE_CODES, type PriceCaller, type PriceService } from '../prices';
import type { Workflow, WorkflowCatalogue } from '../workflows';
import { type Caller, isTestCaller, type OrderAccess } from './access';
import { type ListQuery, newOrderKey, workFlowIdOf } from './model';
import { type PlaceLookup, placeViolations } from './place-rules';
import {
  type OrderLineRow,
  type OrderRow,
  orderIri,
  orderResource,
  receiverNameOf,
  toOrderWrite,
  workFlowIri,
} from './resource';
import { lineContextsWithCourier, stepsOfLine } from './rule-context';
import { orderLines, orders, payments } from './schema';

/** Who an order is priced for: a registered client or a visitor, and which user (loyalty codes are personal). */
export type PricedFor = Pick<PriceCaller, 'registered' | 'subject'>;

/** The signed-in caller's pricing: registered with their subject, or a visitor. */
export function pricedForCaller(principal: { subject: string } | null): PricedFor {
  return { registered: principal !== null, subject: principal?.subject ?? null };
}

export const WORKFLOW_NOT_FOUND = 'Workflow not found.';
const VERSION_REQUIRED = 'Send the version of the order you read.';

export interface OrderPrice {
  price: Price | null;
  linePrices: (Price | null)[];
  violations: Violation[];
}

export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/**
 * Orders (issue 5): create, read, update with optimistic concurrency, validate, cancel, delete,
 * my-orders list. Every rule comes from shared-contracts/src/orders; prices from the price
 * service, never from the client. A refused write writes nothing: each write is one transaction
 * after all checks passed.
 */
export class OrderService {
  constructor(
    private readonly orm: Orm,
    private readonly catalogue: WorkflowCatalogue,
    private readonly prices: PriceService,
    readonly access: OrderAccess,
    private readonly courier: CourierService,
    /** The places orders name, for the rule of which a product may use (issue 40). */
    private readonly places: PlaceLookup,
    private readonly now: () => Date = () => new Date(),
    /** Told of every order saved, once it is committed (the metrics' counter). */
    private readonly onCreated: () => void = () => {},
  ) {}

  // ---- reads -------------------------------------------------------------------------------

  async load(key: string): Promise<{ order: OrderRow | undefined; lines: OrderLineRow[] }> {
    const [order] = await this.orm.select().from(orders).where(eq(orders.key, key));
    if (!order) return { order: undefined, lines: [] };
    const lines = await this.orm
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    return { order, lines };
  }

  async get(caller: Caller, key: string): Promise<OrderResource> {
    const { order, lines } = await this.load(key);
    const allowed = await this.access.check(caller, order, 'read');
    return this.resource(allowed, lines, pricedForCaller(caller.principal));
  }

  /**
   * `pricedFor`: who the order is priced for; `priced`: the price just computed
   * for these rows, when the caller has it (no second pricing).
   */
  async resource(
    order: OrderRow,
    lines: OrderLineRow[],
    pricedFor: PricedFor,
    priced?: OrderPrice,
  ): Promise<OrderResource> {
    const write = toOrderWrite(order, lines);
    const workflows = await this.workflowLookup();
    const firstLine = write.orderLines[0];
    const firstId = firstLine ? workFlowIdOf(firstLine.workFlow) : null;
    const steps = firstLine ? stepsOfLine(firstLine, firstId === null ? undefined : workflows(firstId)) : [];
    // An unpriced unfinished order says why (e.g. 'No price found.' for a tariff on request).
    const priceViolations =
      order.price === null && order.status === 'unfinished'
        ? (priced ?? (await this.price(write, pricedFor))).violations
        : [];
    return orderResource(order, lines, steps, priceViolations);
  }

  // ---- rules -------------------------------------------------------------------------------

  private async workflowLookup(): Promise<(id: number) => Workflow | undefined> {
    const all = await this.catalogue.all();
    const byId = new Map(all.map((workflow) => [workflow.id, workflow]));
    return (id) => byId.get(id);
  }

  /** Violations of the rules in `scope`, plus workflows that do not exist; `exceptOrderId`: the stored order checked. */
  async violations(
    order: OrderWrite,
    scope: ValidationScope,
    complete: boolean,
    exceptOrderId?: number,
  ): Promise<OrderViolation[]> {
    const workflows = await this.workflowLookup();
    const missing: OrderViolation[] = order.orderLines.flatMap((line, index) => {
      const id = workFlowIdOf(line.workFlow);
      return id !== null && !workflows(id)
        ? [{ propertyPath: `orderLines[${index}].workFlow`, message: WORKFLOW_NOT_FOUND, code: 'WORKFLOW_NOT_FOUND' }]
        : [];
    });
    const contexts = await lineContextsWithCourier(this.courier, order, workflows, this.now(), exceptOrderId);
    // The places a line names are checked whenever they are there: a draft may lack one, never hold a wrong one.
    const wrongPlaces = await placeViolations(order, workflows, this.places);
    return [...missing, ...orderViolations(order, contexts, scope, complete), ...wrongPlaces];
  }

  /** What a draft must satisfy to be saved: no wrong value (missing ones are fine). */
  private async assertSavable(order: OrderWrite, exceptOrderId?: number): Promise<void> {
    const found = (await this.violations(order, { kind: 'all' }, false, exceptOrderId)).filter(
      (violation) => !isApprovalViolation(violation) && !NOTICE_CODES.includes(violation.code),
    );
    if (found.length > 0) throw invalidInput(422, found);
  }

  /**
   * POST /api/orders/validate: the rules of the steps up to the body's `step` (all by default) or
   * of the content step only. Errors and approval kinds answer 422 with their violations (the
   * client keeps the approval ones apart); notices alone (export declaration) do not fail.
   */
  /** `savedKey`: the stored order this body would replace; the caller must be allowed to change it. */
  async validate(order: OrderWrite, type: 'content' | undefined, caller: Caller, savedKey?: string) {
    const scope: ValidationScope =
      type === 'content' ? { kind: 'content' } : { kind: 'steps', upTo: order.step ?? MAX_STEP };
    const saved =
      savedKey === undefined ? undefined : await this.access.check(caller, (await this.load(savedKey)).order, 'write');
    const found = await this.violations(order, scope, true, saved?.id);
    const lastStep = scope.kind === 'steps' && scope.upTo >= MAX_STEP;
    if (scope.kind === 'steps' && found.length === 0) {
      // Every price problem at the last step; before it, only a refused indicative price, which no
      // later step can mend (the product itself cannot be ordered).
      const { violations } = await this.price(order, pricedForCaller(caller.principal));
      found.push(...(lastStep ? violations : violations.filter(isRefusedIndicative)));
    }
    const notices = found.filter((violation) => NOTICE_CODES.includes(violation.code));
    const failing = found.filter((violation) => !NOTICE_CODES.includes(violation.code));
    if (failing.length > 0) throw invalidInput(422, found);
    return { '@type': 'OrderValidation' as const, valid: true as const, violations: [], notices };
  }

  // ---- price -------------------------------------------------------------------------------

  /**
   * The server's price of the order (prices/by_order). Lines not yet priceable (no workflow,
   * weight or country) leave the price null without a violation; a tariff on request or any
   * other price problem leaves it null with the price service's violations.
   */
  /** `pricedFor`: who the order is priced for (a loyalty code applies only for the user it was assigned to). */
  async price(order: OrderWrite, pricedFor: PricedFor): Promise<OrderPrice> {
    const unpriced: OrderPrice = { price: null, linePrices: order.orderLines.map(() => null), violations: [] };
    const inputs = order.orderLines.map((line) => {
      const workFlowId = workFlowIdOf(line.workFlow);
      const weight = line.attributes?.weight ?? null;
      const countryCode = line.attributes?.countryCode?.toUpperCase() ?? null;
      if (workFlowId === null || !weight || !countryCode) return null;
      return {
        workFlowId,
        weight,
        countryCode,
        additionalServices: [...new Set(line.attributes?.additionalServices ?? [])],
        insurance: line.services?.insurance?.amount ?? null,
        cashOnDelivery:
          line.services?.cashOnDelivery && line.services.cashOnDelivery.amount !== null
            ? { type: line.services.cashOnDelivery.type, amount: line.services.cashOnDelivery.amount }
            : null,
        discountCode: line.discountCode ?? null,
      };
    });
    if (inputs.some((input) => input === null)) return unpriced;
    try {
      const answer = await this.prices.byOrder(
        { orderLines: inputs.filter((input) => input !== null), discountCode: order.discountCode ?? null },
        pricedFor,
      );
      return { price: answer.price, linePrices: answer.orderLines.map((line) => line.price), violations: [] };
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) return { ...unpriced, violations: error.violations };
      throw error;
    }
  }

  // ---- writes ------------------------------------------------------------------------------

  async create(caller: Caller, body: OrderWrite): Promise<OrderResource> {
    const owner = { ...(await this.access.accountFor(caller)), testMode: isTestCaller(caller) };
    const pricedFor = pricedForCaller(caller.principal);
    const created = await this.insertOrder(owner, body, pricedFor);
    return this.resource(created.order, created.lines, pricedFor, created.priced);
  }

  /**
   * Saves a new order for `owner` (the caller's account, or the client's when the back office
   * creates it on their behalf: admin-service.ts). `pricedFor`: who it is priced for.
   */
  async insertOrder(
    owner: { userId: number | null; accountId: number | null; testMode?: boolean },
    body: OrderWrite,
    pricedFor: PricedFor,
  ): Promise<{ order: OrderRow; lines: OrderLineRow[]; priced: OrderPrice }> {
    await this.assertSavable(body);
    const priced = await this.price(body, pricedFor);
    assertOrderable(priced);
    const now = this.now();
    // The answer is built from the rows the insert returns: reading them back and checking the
    // access of the caller who has just created them would cost four more queries.
    const created = await this.orm.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          key: newOrderKey(),
          accountId: owner.accountId,
          userId: owner.userId,
          testMode: owner.testMode ?? false,
          ...orderFields(body),
          price: priced.price,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!order) throw new Error('order insert returned no row');
      return { order, lines: await this.insertLines(tx, order.id, owner.accountId, body, priced, now) };
    });
    this.onCreated();
    return { ...created, priced };
  }

  /** PUT {order @id}: replaces the order's content if `version` is the stored one (else 409). */
  async update(caller: Caller, key: string, body: OrderWrite): Promise<OrderResource> {
    const { order } = await this.load(key);
    const current = await this.access.check(caller, order, 'write');
    await this.replaceContent(current, body, pricedForCaller(caller.principal));
    return this.get(caller, key);
  }

  /**
   * Replaces an unfinished order's content if `body.version` is the stored one (else 409): the
   * owner's PUT, or the back office's edit on the client's behalf (admin-service.ts).
   */
  async replaceContent(current: OrderRow, body: OrderWrite, pricedFor: PricedFor): Promise<void> {
    if (body.version === undefined) {
      throw invalidInput(422, [{ propertyPath: 'version', message: VERSION_REQUIRED, code: ORDER_CODES.notNull }]);
    }
    this.assertEditable(current);
    if (body.version !== current.version) throw stale();
    await this.assertSavable(body, current.id);
    const priced = await this.price(body, pricedFor);
    assertOrderable(priced);
    const now = this.now();
    await this.orm.transaction(async (tx) => {
      // The version and status are checked again in the write itself: of two PUTs that read the
      // same version, only one changes the row; the other gets 409.
      const updated = await tx
        .update(orders)
        .set({ ...orderFields(body), price: priced.price, version: sql`${orders.version} + 1`, updatedAt: now })
        .where(
          and(eq(orders.id, current.id), eq(orders.version, body.version as number), eq(orders.status, 'unfinished')),
        )
        .returning({ id: orders.id });
      if (updated.length === 0) {
        const [now] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, current.id));
        throw now?.status === 'unfinished' ? stale() : notEditable();
      }
      await tx.delete(orderLines).where(eq(orderLines.orderId, current.id));
      await this.insertLines(tx, current.id, current.accountId, body, priced, now, current.createdAt);
      // A payment started before this change would pay for the old content: it can no longer settle.
      await tx
        .update(payments)
        .set({ status: 'cancelled', settledAt: now })
        .where(and(eq(payments.orderId, current.id), eq(payments.status, 'pending')));
    });
  }

  async cancel(caller: Caller, key: string): Promise<OrderResource> {
    const { order } = await this.load(key);
    const current = await this.access.check(caller, order, 'write');
    if (current.status === 'paid') throw notEditable();
    if (current.status === 'unfinished') await this.markCancelled(current);
    return this.get(caller, key);
  }

  /**
   * Cancels an unfinished order (422 once it is paid or cancelled, also when that happened since
   * it was read) and its pending payments; `record` writes in the same transaction (the back
   * office's reason: admin-service.ts).
   */
  async markCancelled(current: OrderRow, record?: (tx: Tx, now: Date) => Promise<void>): Promise<void> {
    const now = this.now();
    await this.orm.transaction(async (tx) => {
      const updated = await tx
        .update(orders)
        .set({ status: 'cancelled', version: sql`${orders.version} + 1`, updatedAt: now })
        .where(and(eq(orders.id, current.id), eq(orders.status, 'unfinished')))
        .returning({ id: orders.id });
      if (updated.length === 0) throw notEditable();
      await tx
        .update(payments)
        .set({ status: 'cancelled', settledAt: now })
        .where(and(eq(payments.orderId, current.id), eq(payments.status, 'pending')));
      await record?.(tx, now);
    });
  }

  async delete(caller: Caller, key: string): Promise<void> {
    const { order } = await this.load(key);
    const current = await this.access.check(caller, order, 'write');
    if (current.status === 'paid') throw notEditable();
    const deleted = await this.orm
      .delete(orders)
      .where(and(eq(orders.id, current.id), inArray(orders.status, ['unfinished', 'cancelled'])))
      .returning({ id: orders.id });
    if (deleted.length === 0) throw notEditable();
  }

  assertEditable(order: OrderRow): void {
    if (order.status !== 'unfinished') throw notEditable();
  }

  private async insertLines(
    tx: Tx,
    orderId: number,
    accountId: number | null,
    body: OrderWrite,
    priced: OrderPrice,
    now: Date,
    createdAt: Date = now,
  ): Promise<OrderLineRow[]> {
    const inserted = await tx
      .insert(orderLines)
      .values(
        body.orderLines.map((line, position) => {
          const linePrice = priced.price === null ? null : (priced.linePrices[position] ?? null);
          return {
            orderId,
            position,
            accountId,
            workFlowId: workFlowIdOf(line.workFlow),
            attributes: { ...line.attributes, countryCode: line.attributes?.countryCode?.toUpperCase() ?? null },
            services: line.services ?? null,
            sender: line.sender ?? null,
            receiver: line.receiver ?? null,
            content: line.content ?? [],
            customsInfo: line.customsInfo ?? null,
            approvals: [...new Set(line.approvals ?? [])],
            discountCode: line.discountCode ?? null,
            countryCode: line.attributes?.countryCode?.toUpperCase() ?? null,
            receiverName: receiverNameOf(line),
            price: linePrice,
            priceCents: linePrice?.amount ?? null,
            statusDate: now,
            createdAt,
            updatedAt: now,
          };
        }),
      )
      .returning();
    return inserted.sort((a, b) => a.position - b.position);
  }

  // ---- my orders ---------------------------------------------------------------------------

  /**
   * GET /api/orders: the lines of the caller's active account, newest first (or oldest with
   * `_order[createdAt]=ASC`), filtered by receiver name or shipment number, country, status and
   * creation date (Riga days, inclusive); with `mine` only the orders the caller created (a company
   * account's other users' orders are left out).
   */
  async list(
    caller: Caller,
    query: ListQuery,
  ): Promise<{ members: OrderListItem[]; total: number; totalCapped: boolean }> {
    const { accountId, userId } = await this.access.accountFor({
      principal: caller.principal,
      accountId: query.account ?? caller.accountId,
    });
    if (accountId === null) return { members: [], total: 0, totalCapped: false };
    // A test key lists its account's test orders only; everyone else never sees them (issue 38).
    const conditions: SQL[] = [eq(orderLines.accountId, accountId), eq(orderLines.testMode, isTestCaller(caller))];
    if (query.country) conditions.push(eq(orderLines.countryCode, query.country));
    if (query.status) conditions.push(eq(orderLines.status, query.status));
    if (query.orderStatus) conditions.push(eq(orderLines.orderStatus, query.orderStatus));
    if (query.dateFrom) conditions.push(gte(orderLines.createdAt, rigaMidnight(query.dateFrom, 0)));
    if (query.dateTill) conditions.push(lt(orderLines.createdAt, rigaMidnight(query.dateTill, 1)));
    if (query.search) conditions.push(searchCondition(query.search));
    if (query.hasReturn !== undefined)
      conditions.push(query.hasReturn ? isNotNull(orderLines.returnBarcode) : isNull(orderLines.returnBarcode));
    // Only "mine" needs the order (its creator); every other filter is on the line's own columns.
    if (query.mine) {
      conditions.push(eq(orders.accountId, accountId));
      conditions.push(userId === null ? sql`false` : eq(orders.userId, userId));
    }
    const where = and(...conditions);
    const direction = query['_order[createdAt]'].toUpperCase() === 'ASC' ? asc : desc;
    const matching = () => {
      const lines = this.orm.select({ id: orderLines.id }).from(orderLines);
      return query.mine ? lines.innerJoin(orders, eq(orders.id, orderLines.orderId)) : lines;
    };
    // The page's lines are found first by their ids alone (from the index, without reading the
    // lines the offset skips), then only those are read and joined to their orders.
    const page = matching()
      .where(where)
      .orderBy(direction(orderLines.createdAt), direction(orderLines.id))
      .limit(query.rowsPerPage)
      .offset((query.page - 1) * query.rowsPerPage)
      .as('page');
    // The total and the page in one statement (a round trip is a good part of a short call's cost):
    // the count's single row is joined to the page's lines, so an empty page still brings it.
    // Counting stops one past ORDER_LIST_COUNT_LIMIT: a large company's list costs the same as a
    // list of that many (the count had grown with the account's lines). A name search stops at
    // ORDER_SEARCH_COUNT_LIMIT: a common surname is counted by reading lines until enough match.
    const countLimit = isNameSearch(query.search) ? ORDER_SEARCH_COUNT_LIMIT : ORDER_LIST_COUNT_LIMIT;
    const counted = this.orm
      .select({ total: count().as('total') })
      .from(
        matching()
          .where(where)
          .limit(countLimit + 1)
          .as('matching'),
      )
      .as('counted');
    const answered = await this.orm
      .select({
        total: counted.total,
        // Only what a row shows: the lines' other JSON documents (sender, content, customs…) cost
        // more to send and parse than the query itself.
        id: orderLines.id,
        barcode: orderLines.barcode,
        status: orderLines.status,
        statusDate: orderLines.statusDate,
        receiverName: orderLines.receiverName,
        address: sql<ReceiverAddress>`${orderLines.receiver} -> 'address'`,
        countryCode: orderLines.countryCode,
        workFlowId: orderLines.workFlowId,
        priceCents: orderLines.priceCents,
        createdAt: orderLines.createdAt,
        returnBarcode: orderLines.returnBarcode,
        returnStatus: orderLines.returnStatus,
        key: orders.key,
        orderStatus: orders.status,
      })
      .from(counted)
      .leftJoin(page, sql`true`)
      .leftJoin(orderLines, eq(orderLines.id, page.id))
      .leftJoin(orders, eq(orders.id, orderLines.orderId))
      .orderBy(direction(orderLines.createdAt), direction(orderLines.id));
    // Left joins make every column nullable to the types; a line that is there has its own types.
    const rows = answered.filter((row) => row.id !== null) as ListedLine[];
    const workflows = await this.workflowLookup();
    const counting = answered[0]?.total ?? 0;
    return {
      total: Math.min(counting, countLimit),
      totalCapped: counting > countLimit,
      members: rows.map(({ key, orderStatus, address, ...line }) => {
        const workflow = line.workFlowId === null ? undefined : workflows(line.workFlowId);
        return {
          '@id': `${orderIri(key)}/order_lines/${line.id}`,
          order: orderIri(key),
          orderLineId: line.id,
          barcode: line.barcode,
          status: line.status as OrderListItem['status'],
          orderStatus: orderStatus as OrderListItem['orderStatus'],
          statusDate: line.statusDate.toISOString(),
          receiver: line.receiverName,
          address: address?.readableAddress ?? addressText(address),
          country: line.countryCode,
          type: workflow?.shipmentType ?? null,
          workFlow: line.workFlowId === null ? null : workFlowIri(line.workFlowId),
          price: line.priceCents,
          createdAt: line.createdAt.toISOString(),
          returnBarcode: line.returnBarcode,
          // The return's status is set when its label is made; `paid` until its first scan.
          returnStatus: line.returnBarcode === null ? null : (line.returnStatus ?? 'paid'),
        };
      }),
    };
  }
}

/**
 * The list's search: a shipment number (however typed) by its unique index alone (every stored
 * number is a valid S10, so other text can only match names; one OR of both would read every line
 * of the account), else a receiver whose name has a word starting with the text ("smi" finds "John
 * Smith"): the text behind a space, in the name behind a space. That is the expression of the
 * account's trigram index (order_lines_account_receiver_words_trgm_idx), which answers it, and of
 * its statistics, which tell the planner how many lines match.
 */
function searchCondition(search: string): SQL {
  const shipment = isValidS10(search);
  if (shipment.valid) return eq(orderLines.barcode, shipment.number);
  const escaped = search.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`);
  return sql`(' ' || lower(${orderLines.receiverName})) like ${`% ${escaped}%`}`;
}

/** Whether the list's search is by receiver name (not a shipment number). */
function isNameSearch(search: string | undefined): boolean {
  return search !== undefined && search !== '' && !isValidS10(search).valid;
}

type ReceiverAddress = NonNullable<OrderWrite['orderLines'][number]['receiver']>['address'] | null;

/** A row of the my-orders page as the list's statement reads it (OrderService.list). */
interface ListedLine {
  id: number;
  barcode: string | null;
  status: string;
  statusDate: Date;
  receiverName: string | null;
  address: ReceiverAddress;
  countryCode: string | null;
  workFlowId: number | null;
  priceCents: number | null;
  createdAt: Date;
  returnBarcode: string | null;
  returnStatus: OrderListItem['status'] | null;
  key: string;
  orderStatus: string;
}

function orderFields(body: OrderWrite) {
  return {
    step: body.step ?? 1,
    discountCode: body.discountCode ?? null,
    termsAccepted: body.termsAccepted ?? false,
    privacyAccepted: body.privacyAccepted ?? false,
    eNotification: body.eNotification ?? null,
  };
}

function addressText(
  address: { addressLine?: string | null; city?: string | null; postCode?: string | null } | null | undefined,
) {
  if (!address) return null;
  const text = [address.addressLine, address.city, address.postCode].filter(Boolean).join(', ');
  return text === '' ? null : text;
}

export const stale = () => new ApiError(409, ORDER_MESSAGES.staleVersion);
export const notEditable = () => new ApiError(422, ORDER_MESSAGES.notEditable);

const isRefusedIndicative = (violation: Violation) => violation.code === PRICE_CODES.indicativeRefused;

/**
 * A line priced on an indicative figure where the operator refuses them (INDICATIVE_PRICES=refuse)
 * cannot be saved at all: unlike a price on request, no later step would make it orderable.
 */
function assertOrderable(priced: OrderPrice): void {
  const refused = priced.violations.filter(isRefusedIndicative);
  if (refused.length > 0) throw invalidInput(422, refused);
}

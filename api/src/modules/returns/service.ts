import { randomBytes, randomInt } from 'node:crypto';
import {
  type LabelFormat,
  LOCATION_USE_MESSAGES,
  type Party,
  returnDropOffPlaceProblem,
} from '@portal/shared-contracts/orders';
import {
  normaliseOrderNumber,
  normaliseReturnCode,
  RETURN_CODE_ALPHABET,
  RETURN_CODES,
  RETURN_MESSAGES,
  type ReturnDropOff,
  type ReturnReason,
  redeemViolations,
  startViolations,
} from '@portal/shared-contracts/returns';
import { S10_HOME_COUNTRY } from '@portal/shared-contracts/s10';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { ApiError, invalidInput, notFound } from '../../http/problem';
import { type PrintableShipment, renderLabels } from '../documents';
import type { EventPublisher } from '../events';
import { accountTypeOf, type IdentityService } from '../identity';
import {
  customerShipment,
  issueReturnBarcode,
  type LabelPlaces,
  OrderAccess,
  printableParty,
  returnableShipment,
} from '../orders';
import type { PriceService } from '../prices';
import { locationsByIds } from '../service-locations';
import type { Workflow, WorkflowCatalogue } from '../workflows';
import { type ReturnDropOffPlace, returns } from './schema';
import { customerReturnMode } from './settings';

export type ReturnRow = typeof returns.$inferSelect;
/** A customer's return answered again while it waits for the payment (200, not 201). */
export type StartedReturn = ReturnRow & { resumed?: boolean };
export type ReturnsTx = Parameters<Parameters<Orm['transaction']>[0]>[0];
/** The label's choices a customer made (reason, drop-off, place, comment); none when the shop makes it. */
export interface LabelChoices {
  reason?: ReturnReason;
  dropOff?: ReturnDropOff;
  dropOffPlace?: ReturnDropOffPlace | null;
  comment?: string | null;
}
/**
 * Makes a return's label inside a transaction (`ReturnService.labelMaker`): its S10 number, on the
 * shipment too, and `return.created`, all in `tx`.
 */
export type LabelMaker = (tx: ReturnsTx, row: ReturnRow, choices?: LabelChoices) => Promise<ReturnRow>;

export interface ReturnServiceOptions {
  orm: Orm;
  identity: IdentityService;
  catalogue: WorkflowCatalogue;
  prices: PriceService;
  labelPlaces: LabelPlaces;
  /**
   * The domain events' outbox (modules/events): a `return.created` event is published in the
   * transaction that makes the label; its consumers (the webhooks) are wired in composition/background.ts.
   */
  events?: EventPublisher;
  now: () => Date;
}

/** Which shipment of which order a company returns (the body of both create calls). */
export interface ReturnTarget {
  orderKey: string;
  orderLineId: number;
}

const messages = RETURN_MESSAGES.en;
const refused = (propertyPath: string, key: keyof typeof RETURN_CODES) =>
  invalidInput(422, [{ propertyPath, message: messages[key], code: RETURN_CODES[key] }]);

/** 31 characters without look-alikes, 8 of them: ~8.5 × 10¹¹ codes, redeemed only behind the bot check. */
function newReturnCode(): string {
  let code = 'RET-';
  for (let index = 0; index < 8; index++) code += RETURN_CODE_ALPHABET[randomInt(RETURN_CODE_ALPHABET.length)];
  return code;
}

/** The customer's chosen drop-off as the label prints it (labels are in English, as the shipments'). */
const DROP_OFF_ON_LABEL: Record<ReturnDropOff, string> = { parcelLocker: 'parcel locker', postOffice: 'post office' };

const isUniqueViolation = (error: unknown): boolean =>
  ((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) === '23505';

/**
 * Prepaid returns (issue 40 item 1). A company account (a member, or an API key with the `returns`
 * scope) makes a return of one of its paid shipments within Latvia: at once as a label, or as a
 * code its customer redeems on the public returns page. The return goes from the shipment's
 * receiver back to its sender, as the same product, priced from the tariffs and paid by the shop
 * on account; its S10 number is kept on the shipment (`returnBarcode`, the orders module's).
 */
export class ReturnService {
  private readonly access: OrderAccess;

  constructor(private readonly options: ReturnServiceOptions) {
    this.access = new OrderAccess(options.orm, options.identity);
  }

  /** The company account the caller acts for; 403 for a private account, 422 when none. */
  async companyOf(principal: Principal): Promise<{ accountId: number; testMode: boolean }> {
    const { accountId } = await this.access.accountFor({ principal, accountId: principal.accountId });
    if (accountId === null) throw refused('account', 'notCompany');
    if ((await accountTypeOf(this.options.orm, accountId)) !== 'company') {
      throw new ApiError(403, messages.notCompany, [
        { propertyPath: 'account', message: messages.notCompany, code: RETURN_CODES.notCompany },
      ]);
    }
    return { accountId, testMode: principal.apiKey?.mode === 'test' };
  }

  /**
   * "Create return label": the return and its S10 number at once. A return of this shipment its
   * customer started but has not paid (`awaitingPayment`) is taken over instead of refused: the shop
   * pays it on account and the label is made now with the customer's choices, so a customer who
   * gave up paying is not left without a label. A payment the customer finishes afterwards finds it
   * labelled and is cancelled (payments.ts), never a second label.
   */
  async createLabel(principal: Principal, target: ReturnTarget): Promise<ReturnRow> {
    const company = await this.companyOf(principal);
    const takenOver = await this.takeOverUnpaid(company, target);
    if (takenOver) return takenOver;
    const draft = await this.draft(company, target);
    const issueLabel = await this.labelMaker();
    return this.saved(() =>
      this.options.orm.transaction(async (tx) => {
        const [row] = await tx
          .insert(returns)
          .values({ ...draft, status: 'codeIssued' })
          .returning();
        return issueLabel(tx, row as ReturnRow);
      }),
    );
  }

  /** A return code for the customer to redeem; the label is made when they do. */
  async createCode(principal: Principal, target: ReturnTarget): Promise<ReturnRow> {
    const company = await this.companyOf(principal);
    const draft = await this.draft(company, target);
    // A new code on the rare clash with an existing one (the unique index says so).
    for (let attempt = 0; ; attempt++) {
      try {
        const [row] = await this.options.orm
          .insert(returns)
          .values({ ...draft, code: newReturnCode(), status: 'codeIssued' })
          .returning();
        return row as ReturnRow;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw this.duplicateOr(error);
        if (await this.lineHasReturn(draft.orderLineId)) throw refused('orderLineId', 'alreadyReturned');
      }
    }
  }

  /** The customer redeems a code with a reason and a drop-off: the label is made, the shop pays. */
  async redeem(input: {
    code: string;
    reason: ReturnReason;
    dropOff: ReturnDropOff;
    dropOffPlaceId?: string | null;
    comment: string | null;
  }): Promise<ReturnRow> {
    const violations = redeemViolations(input);
    if (violations.length > 0) throw invalidInput(422, violations);
    const code = normaliseReturnCode(input.code);
    const [found] = await this.options.orm.select().from(returns).where(eq(returns.code, code));
    // Checked before the transaction (it reads other modules): the place against the product sent back.
    const dropOffPlace =
      found && input.dropOffPlaceId
        ? await this.dropOffPlace(await this.workFlowOf(found), input.dropOff, input.dropOffPlaceId)
        : null;
    const issueLabel = await this.labelMaker();
    return this.options.orm
      .transaction(async (tx) => {
        const [row] = await tx.select().from(returns).where(eq(returns.code, code)).for('update');
        if (!row) throw refused('code', 'codeUnknown');
        if (row.status !== 'codeIssued') throw refused('code', 'codeRedeemed');
        return issueLabel(tx, row, {
          reason: input.reason,
          dropOff: input.dropOff,
          dropOffPlace,
          comment: input.comment || null,
        });
      })
      .finally(() => this.afterCommit());
  }

  /**
   * The customer starts a return without a code (issue 40 item 1): the order number (the
   * shipment's S10 number) and the e-mail the order was sent to. Only a returnable shipment of a
   * company account (the rule for which shops take customer-started returns: README); a wrong
   * pair, a private account's shipment and one not returnable all answer RETURN_NOT_FOUND alike.
   * The shop's setting decides the rest: `off` refuses (RETURN_CUSTOMER_RETURNS_OFF, said only for
   * the right pair), `shopPays` makes the label at once, `customerPays` keeps the return waiting for
   * the customer's payment (`awaitingPayment`, no label); started again while it waits, the same
   * return is answered with the new choices (`resumed`), never a second one.
   */
  async startByOrderNumber(input: {
    orderNumber: string;
    email: string;
    reason: ReturnReason;
    dropOff: ReturnDropOff;
    dropOffPlaceId?: string | null;
    comment: string | null;
  }): Promise<StartedReturn> {
    const violations = startViolations(input);
    if (violations.length > 0) throw invalidInput(422, violations);
    const shipment = await customerShipment(this.options.orm, {
      barcode: normaliseOrderNumber(input.orderNumber),
      email: input.email,
    });
    const company =
      shipment && (await accountTypeOf(this.options.orm, shipment.accountId)) === 'company'
        ? { accountId: shipment.accountId, testMode: shipment.testMode }
        : null;
    if (!shipment || !company) throw refused('orderNumber', 'notFound');
    // The pair is right from here on: saying why the shipment cannot go back tells nothing new.
    const mode = await customerReturnMode(this.options.orm, company.accountId);
    if (mode === 'off') throw refused('orderNumber', 'customerReturnsOff');
    return onOrderNumber(async () => {
      const choices = {
        reason: input.reason,
        dropOff: input.dropOff,
        dropOffPlace: await this.dropOffPlace(shipment.workFlowId, input.dropOff, input.dropOffPlaceId),
        comment: input.comment || null,
      };
      if (mode === 'customerPays') {
        const waiting = await this.awaitingPaymentOf(shipment.lineId);
        if (waiting) {
          const [resumed] = await this.options.orm
            .update(returns)
            .set(choices)
            .where(and(eq(returns.id, waiting.id), eq(returns.status, 'awaitingPayment')))
            .returning();
          if (resumed) return { ...resumed, resumed: true };
        }
      }
      const draft = await this.draft(company, { orderKey: shipment.orderKey, orderLineId: shipment.lineId });
      if (mode === 'customerPays') {
        // No S10 number and no `return.created` yet: the label is made when the payment is settled.
        return this.saved(async () => {
          const [row] = await this.options.orm
            .insert(returns)
            .values({ ...draft, ...choices, status: 'awaitingPayment', payer: 'customer' })
            .returning();
          return row as ReturnRow;
        });
      }
      const issueLabel = await this.labelMaker();
      return this.saved(() =>
        this.options.orm.transaction(async (tx) => {
          const [row] = await tx
            .insert(returns)
            .values({ ...draft, status: 'codeIssued' })
            .returning();
          return issueLabel(tx, row as ReturnRow, choices);
        }),
      );
    });
  }

  /** The return with this key (the customer's capability), whatever its status; 404 when none. */
  async byKey(key: string): Promise<ReturnRow> {
    const [row] = await this.options.orm.select().from(returns).where(eq(returns.key, key));
    if (!row) throw notFound();
    return row;
  }

  /** The shop's label for its customer's unpaid return of `target`, or null when there is none to take over. */
  private async takeOverUnpaid(
    company: { accountId: number; testMode: boolean },
    target: ReturnTarget,
  ): Promise<ReturnRow | null> {
    const waiting = await this.awaitingPaymentOf(target.orderLineId);
    const ours =
      waiting?.accountId === company.accountId &&
      waiting.testMode === company.testMode &&
      waiting.orderKey === target.orderKey;
    if (!waiting || !ours) return null;
    const issueLabel = await this.labelMaker();
    return this.saved(() =>
      this.options.orm.transaction(async (tx) => {
        const [row] = await tx
          .update(returns)
          .set({ payer: 'shopOnAccount' })
          .where(and(eq(returns.id, waiting.id), eq(returns.status, 'awaitingPayment')))
          .returning();
        // Paid by the customer meanwhile: the draft below refuses it as a return already made.
        return row ? issueLabel(tx, row as ReturnRow) : null;
      }),
    );
  }

  /** The line's return waiting for the customer's payment, if any. */
  private async awaitingPaymentOf(orderLineId: number): Promise<ReturnRow | undefined> {
    const [row] = await this.options.orm
      .select()
      .from(returns)
      .where(and(eq(returns.orderLineId, orderLineId), eq(returns.status, 'awaitingPayment')));
    return row;
  }

  /** The company's returns, newest first. */
  async list(principal: Principal): Promise<ReturnRow[]> {
    const { accountId, testMode } = await this.companyOf(principal);
    return this.options.orm
      .select()
      .from(returns)
      .where(and(eq(returns.accountId, accountId), eq(returns.testMode, testMode)))
      .orderBy(desc(returns.createdAt), desc(returns.id))
      .limit(500);
  }

  /** The label of the return with this key (the key is the capability); 404 before it is made. */
  async label(key: string, format: LabelFormat): Promise<{ row: ReturnRow; bytes: Buffer }> {
    const row = await labelledReturn(this.options.orm, eq(returns.key, key));
    if (!row) throw notFound();
    return { row, bytes: await renderReturnLabel(row, format) };
  }

  /** Everything a new return of `target` needs, or the reason it cannot be made (422). */
  private async draft(company: { accountId: number; testMode: boolean }, target: ReturnTarget) {
    const { orm, prices, catalogue, labelPlaces } = this.options;
    const shipment = await returnableShipment(orm, {
      accountId: company.accountId,
      orderKey: target.orderKey,
      lineId: target.orderLineId,
    });
    // A test key returns only its test shipments, a live caller only real ones.
    if (!shipment || shipment.testMode !== company.testMode) throw refused('orderLineId', 'lineNotReturnable');
    if (shipment.returnBarcode !== null || (await this.lineHasReturn(shipment.lineId))) {
      throw refused('orderLineId', 'alreadyReturned');
    }
    const origin = countryOf(shipment.sender);
    if (shipment.countryCode !== S10_HOME_COUNTRY || origin !== S10_HOME_COUNTRY || shipment.workFlowId === null) {
      throw refused('orderLineId', 'notDomestic');
    }
    const priced = await prices.byOrder(
      {
        orderLines: [
          {
            workFlowId: shipment.workFlowId,
            weight: shipment.weightGrams,
            countryCode: S10_HOME_COUNTRY,
            additionalServices: [],
            insurance: null,
            cashOnDelivery: null,
            discountCode: null,
          },
        ],
        discountCode: null,
      },
      { registered: true },
    );
    const workflow = await catalogue.byId(shipment.workFlowId);
    const names = await labelPlaces.countryNames([S10_HOME_COUNTRY]);
    return {
      key: randomBytes(24).toString('base64url'),
      accountId: company.accountId,
      orderLineId: shipment.lineId,
      orderKey: shipment.orderKey,
      shipmentNumber: shipment.barcode,
      // Back the way it came: the customer (the receiver) sends to the shop (the sender).
      sender: printableParty(shipment.receiver, names),
      receiver: printableParty(shipment.sender, names),
      productLabel: `Return: ${workflow?.label ?? 'parcel'}`,
      weightGrams: shipment.weightGrams,
      price: priced.price,
      priceCents: priced.price.amount,
      testMode: shipment.testMode,
      createdAt: this.options.now(),
    } satisfies Partial<typeof returns.$inferInsert>;
  }

  /**
   * What makes a label inside a transaction, with what it needs from other modules read now, before
   * the transaction opens: the products' catalogue (the S10 service indicator) reloads through the
   * database client, which inside a transaction would wait for it on PGlite's one connection. Also
   * the customer's paid return's, from its payment's settlement (payments.ts).
   */
  async labelMaker(): Promise<LabelMaker> {
    const products = await this.options.catalogue.all();
    return (tx, row, choices = {}) => this.issueLabel(tx, row, products, choices);
  }

  /** Gives the return its S10 number (on the shipment too) and publishes `return.created`, in `tx`. */
  private async issueLabel(
    tx: ReturnsTx,
    row: ReturnRow,
    products: readonly Workflow[],
    choices: LabelChoices,
  ): Promise<ReturnRow> {
    const now = this.options.now();
    const returnBarcode = await issueReturnBarcode(tx, products, row.orderLineId, now);
    if (!returnBarcode) throw refused('orderLineId', 'alreadyReturned');
    const [updated] = await tx
      .update(returns)
      .set({ ...choices, status: 'labelIssued', returnBarcode, labelIssuedAt: now })
      .where(eq(returns.id, row.id))
      .returning();
    await this.options.events?.publish(tx, {
      type: 'return.created',
      aggregateId: returnBarcode,
      occurredAt: now,
      data: {
        accountId: row.accountId,
        orderKey: row.orderKey,
        shipmentNumber: row.shipmentNumber,
        returnBarcode,
        createdAt: now.toISOString(),
        testMode: row.testMode,
      },
    });
    return updated as ReturnRow;
  }

  /**
   * The place the customer chose to hand the return over at, checked by the shared rule
   * (orders' `returnDropOffPlaceProblem`: its kind, in Latvia, where parcels are handed over, of the networks of
   * the product sent back); null when none was chosen, 422 beside `dropOffPlaceId` when it cannot.
   */
  private async dropOffPlace(
    workFlowId: number | null,
    dropOff: ReturnDropOff,
    placeId: string | null | undefined,
  ): Promise<ReturnDropOffPlace | null> {
    if (!placeId) return null;
    const [place] = await locationsByIds(this.options.orm, [placeId]);
    const workflow = workFlowId ? await this.options.catalogue.byId(workFlowId) : undefined;
    const problem = returnDropOffPlaceProblem(dropOff, workflow?.transferNetworks ?? [], place);
    if (problem || !place) {
      const code = problem ?? 'LOCATION_NOT_FOUND';
      throw invalidInput(422, [{ propertyPath: 'dropOffPlaceId', message: LOCATION_USE_MESSAGES[code], code }]);
    }
    return { id: place.id, name: place.name, address: place.address, city: place.city };
  }

  /** The product of the shipment a return code sends back (its places' networks). */
  private async workFlowOf(row: ReturnRow): Promise<number | null> {
    const shipment = await returnableShipment(this.options.orm, {
      accountId: row.accountId,
      orderKey: row.orderKey,
      lineId: row.orderLineId,
    });
    return shipment?.workFlowId ?? null;
  }

  /** Runs a write that makes a return; a unique index's refusal is "already returned" (two at once). */
  private async saved<Saved>(write: () => Promise<Saved>): Promise<Saved> {
    try {
      return await write();
    } catch (error) {
      throw this.duplicateOr(error);
    } finally {
      this.afterCommit();
    }
  }

  private duplicateOr(error: unknown): unknown {
    return isUniqueViolation(error) ? refused('orderLineId', 'alreadyReturned') : error;
  }

  private async lineHasReturn(orderLineId: number): Promise<boolean> {
    const [row] = await this.options.orm
      .select({ id: returns.id })
      .from(returns)
      .where(eq(returns.orderLineId, orderLineId));
    return row !== undefined;
  }

  /** Tells the events' outbox that a transaction with `return.created` committed. */
  afterCommit(): void {
    this.options.events?.committed();
  }
}

/** The company's calls name the shipment by `orderLineId`; the customer's by `orderNumber`: their refusals go beside it. */
async function onOrderNumber<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError(
      error.status,
      error.message,
      error.violations.map((violation) =>
        violation.propertyPath === 'orderLineId' ? { ...violation, propertyPath: 'orderNumber' } : violation,
      ),
      error.headers,
    );
  }
}

const countryOf = (party: Party | null | undefined): string =>
  (party?.address?.countryCode ?? S10_HOME_COUNTRY).toUpperCase();

/** The return that matches `where`, once its label is made; else undefined. */
export async function labelledReturn(orm: Orm, where: SQL): Promise<LabelledReturn | undefined> {
  const [row] = await orm.select().from(returns).where(where);
  return row?.returnBarcode && row.labelIssuedAt ? (row as LabelledReturn) : undefined;
}

/** A return whose label is made: its own number and the label's date are set. */
export type LabelledReturn = ReturnRow & { returnBarcode: string; labelIssuedAt: Date };

/** The return's label (PDF A6/A4 or ZPL) through the documents module, as the shipping labels. */
export function renderReturnLabel(row: LabelledReturn, format: LabelFormat): Promise<Buffer> {
  const shipment: PrintableShipment = {
    shipmentNumber: row.returnBarcode,
    productLabel: row.productLabel,
    weightGrams: row.weightGrams,
    sender: row.sender,
    receiver: row.receiver,
    // The label has two short lines for notes: the place by name (the customer knows where it is).
    serviceNotes: [
      `Return of ${row.shipmentNumber}`,
      ...(row.dropOff ? [`Drop-off: ${row.dropOffPlace?.name ?? DROP_OFF_ON_LABEL[row.dropOff]}`] : []),
      row.payer === 'customer' ? 'Paid by sender' : 'Postage paid by the receiver',
    ],
    deliveryPoint: null,
    postedAt: row.labelIssuedAt,
    customs: null,
  };
  return renderLabels([shipment], { format });
}

/**
 * The return whose key this is (the customer's capability), once its label is made: its own S10
 * number (the hand-over module names a return by it); else undefined.
 */
export async function labelledReturnOfKey(orm: Orm, key: string): Promise<{ returnBarcode: string } | undefined> {
  const row = await labelledReturn(orm, eq(returns.key, key));
  return row && { returnBarcode: row.returnBarcode };
}

/** The A6 label (PDF) of the return with this number, for a counter's hand-over; null when there is none. */
export async function returnLabelA6(orm: Orm, returnBarcode: string): Promise<Buffer | null> {
  const row = await labelledReturn(orm, eq(returns.returnBarcode, returnBarcode));
  return row ? renderReturnLabel(row, 'A6') : null;
}

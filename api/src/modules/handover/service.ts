import { HANDOVER_REFUSALS } from '@portal/shared-contracts/orders';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Orm } from '../../db';
import { ApiError, notFound } from '../../http/problem';
import type { DomainEvent, EventConsumer } from '../events';
import { emailOfAccountOrUser } from '../identity';
import type { JobEngine } from '../jobs';
import type { Mailer } from '../notifications';
import { type Caller, numberedShipmentsOf, type OrderAccess, ownersOfOrder, type PaidOrderLabels } from '../orders';
import { labelledReturnOfKey, returnLabelA6 } from '../returns';
import { type HandoverCodes, newHandoverId } from './code';
import { handoverMail } from './mail';
import { qrPng } from './qr';
import { handovers } from './schema';

export type HandoverRow = typeof handovers.$inferSelect;

export const NOT_PAID = 'The order has no hand-over code: it is not paid.';
export const NO_RETURN_CODE = 'The return has no hand-over code: its label is not made yet.';
export const UNKNOWN_CODE = 'This is not a valid hand-over code.';
export const EXPIRED_CODE = 'This hand-over code has expired: print the labels at home or ask at the counter.';
export const USED_CODE = 'This hand-over code has been used: the labels were printed already.';
export const NOTHING_TO_PRINT = 'The order of this hand-over code has nothing left to print.';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A refusal of a code: the status, and the code the counter's screen words it by (violation on `code`). */
function refused(status: 404 | 409 | 410, message: string, code: string): ApiError {
  return new ApiError(status, message, [{ propertyPath: 'code', message, code }]);
}

export interface HandoverServiceOptions {
  orm: Orm;
  codes: HandoverCodes;
  /** Days a code is valid after payment (HANDOVER_VALID_DAYS). */
  validDays: number;
  labels: PaidOrderLabels;
  access: OrderAccess;
  mailer: Mailer;
  /** The job engine (modules/jobs): each record's e-mail is a `handover.mail` job. */
  jobs: JobEngine;
  now?: () => Date;
}

interface MailJob {
  handoverId: string;
}

/**
 * Printer-free hand-over (issue 20 item 5). A paid order gets one hand-over record, written by the
 * `handover.order-paid` job of its `order.paid` domain event (modules/events: the job commits with
 * the payment or not at all; one record per order, so a repeated job writes nothing), moments after
 * the payment. Its signed code is shown to the order's owner as a QR and e-mailed;
 * a parcel locker's or post office counter's machine client redeems it once for the A6 labels.
 * Single use is the database's: one conditional UPDATE sets `redeemed_at`, so of two concurrent
 * redeems exactly one gets the labels.
 */
export class HandoverService {
  private readonly now: () => Date;

  constructor(private readonly options: HandoverServiceOptions) {
    this.now = options.now ?? (() => new Date());
    options.jobs.handle<MailJob>('handover.mail', (job) => this.mailOne(job.handoverId));
  }

  /** How it subscribes (the composition root): a `handover.order-paid` job per paid order that is not a test. */
  consumer(): EventConsumer {
    return {
      kind: 'handover.order-paid',
      on: {
        'order.paid': (event) => this.orderPaid(event),
        // A prepaid return's label (issue 40) is handed over the same way, printer-free.
        'return.created': (event) => this.returnCreated(event),
      },
      // A test-mode order or return is handed over nowhere (issue 38).
      accepts: (event) => !((event.type === 'order.paid' || event.type === 'return.created') && event.data.testMode),
    };
  }

  /** The record of a paid order and its e-mail's job, in one transaction (a repeated event writes neither again). */
  private orderPaid(event: DomainEvent<'order.paid'>): Promise<void> {
    const order = { orderId: event.data.orderId, paidAt: new Date(event.data.paidAt) };
    return this.options.orm.transaction(async (tx) => {
      const written = await tx
        .insert(handovers)
        .values({
          id: newHandoverId(),
          orderId: order.orderId,
          createdAt: order.paidAt,
          expiresAt: new Date(order.paidAt.getTime() + this.options.validDays * DAY_MS),
        })
        .onConflictDoNothing({ target: handovers.orderId })
        .returning({ id: handovers.id });
      // Its e-mail is a job written with it (a replayed settlement writes neither again).
      await this.options.jobs.enqueue<MailJob>(
        tx,
        'handover.mail',
        written.map((row) => ({ handoverId: row.id })),
      );
    });
  }

  /**
   * The record of a prepaid return whose label was made (its `return.created` event). No e-mail: the
   * customer has no account and the code is on the return's page and label page (the return's key is
   * the capability), so `mailed_at` is set at once. A repeated event writes nothing.
   */
  private async returnCreated(event: DomainEvent<'return.created'>): Promise<void> {
    const createdAt = new Date(event.data.createdAt);
    await this.options.orm
      .insert(handovers)
      .values({
        id: newHandoverId(),
        returnBarcode: event.data.returnBarcode,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + this.options.validDays * DAY_MS),
        mailedAt: createdAt,
      })
      .onConflictDoNothing({ target: handovers.returnBarcode });
  }

  /**
   * The hand-over of the prepaid return with this key (the return's key is the capability, as for
   * its label); 404 before its label is made or before its record is written (moments after).
   */
  async forReturn(key: string): Promise<{ record: HandoverRow; code: string }> {
    const { orm } = this.options;
    const made = await labelledReturnOfKey(orm, key);
    const [record] = made
      ? await orm.select().from(handovers).where(eq(handovers.returnBarcode, made.returnBarcode))
      : [];
    if (!record) throw notFound(NO_RETURN_CODE);
    return { record, code: this.options.codes.sign(record.id) };
  }

  /**
   * Sends the e-mail of one record (the `handover.mail` job; a failed send is thrown for the job
   * engine to try again as JOB_POLICIES declares). `mailed_at` says it went.
   */
  private async mailOne(handoverId: string): Promise<void> {
    const { orm } = this.options;
    const [record] = await orm.select().from(handovers).where(eq(handovers.id, handoverId));
    if (!record || record.mailedAt) return;
    await this.mail(record);
    await orm.update(handovers).set({ mailedAt: this.now() }).where(eq(handovers.id, handoverId));
  }

  private async mail(record: HandoverRow): Promise<void> {
    const { orm } = this.options;
    const orderId = record.orderId;
    if (orderId === null) return; // a return's code is not e-mailed (returnCreated)
    const [owners, lines] = await Promise.all([ownersOfOrder(orm, orderId), numberedShipmentsOf(orm, orderId)]);
    // A registered user's order: the account's address, else the user's; a visitor's: the sender's.
    const to =
      (owners ? await emailOfAccountOrUser(orm, owners) : null) ??
      lines.find((line) => line.sender?.email)?.sender?.email;
    if (!to) return; // no address: the code is on the result page and in the label menu only
    const code = this.options.codes.sign(record.id);
    await this.options.mailer.send(
      handoverMail({
        to,
        shipmentNumbers: lines.map((line) => line.barcode),
        code,
        expiresAt: record.expiresAt,
        qrPng: await qrPng(code),
      }),
    );
  }

  /**
   * The hand-over of an order the caller may read (the order's own rules: another account's order,
   * or a key the caller does not hold, is 404). Every paid order has one: written with the payment,
   * or by the migration for orders paid before. A read writes nothing.
   */
  async forOwner(caller: Caller, key: string): Promise<{ record: HandoverRow; code: string }> {
    const { orm, access } = this.options;
    const order = await access.readable(caller, key);
    const [record] =
      order.status === 'paid' ? await orm.select().from(handovers).where(eq(handovers.orderId, order.id)) : [];
    if (!record) throw notFound(NOT_PAID);
    return { record, code: this.options.codes.sign(record.id) };
  }

  /**
   * Redeems a scanned code for the order's A6 labels, once. `client` is the machine client's id
   * (its token's `sub`), recorded with the time. Refusals: not a code of this portal 404, expired
   * 410, used 409, nothing left to print 409; each carries its code (HANDOVER_REFUSALS).
   */
  async redeem(code: string, client: string): Promise<{ pdf: Buffer; record: HandoverRow }> {
    const { orm, codes, labels } = this.options;
    const id = codes.verify(code);
    if (!id) throw refused(404, UNKNOWN_CODE, HANDOVER_REFUSALS.unknown);
    const [record] = await orm.select().from(handovers).where(eq(handovers.id, id));
    if (!record) throw refused(404, UNKNOWN_CODE, HANDOVER_REFUSALS.unknown);
    this.refuseSpent(record);
    // The labels first: a code is spent only when there is something to hand over for it.
    const pdf = record.orderId !== null ? await labels.a6(record.orderId) : await this.returnLabel(record);
    if (!pdf) throw refused(409, NOTHING_TO_PRINT, HANDOVER_REFUSALS.notPrintable);
    const now = this.now();
    const [claimed] = await orm
      .update(handovers)
      .set({ redeemedAt: now, redeemedBy: client })
      .where(and(eq(handovers.id, id), isNull(handovers.redeemedAt), gt(handovers.expiresAt, now)))
      .returning();
    if (!claimed) {
      // Another counter got there first (or the code expired meanwhile): say which.
      const [current] = await orm.select().from(handovers).where(eq(handovers.id, id));
      if (current) this.refuseSpent(current);
      throw refused(409, USED_CODE, HANDOVER_REFUSALS.used);
    }
    return { pdf, record: claimed };
  }

  /** A prepaid return's record prints the return's own label (the returns module's A6 PDF). */
  private returnLabel(record: HandoverRow): Promise<Buffer | null> {
    return record.returnBarcode === null
      ? Promise.resolve(null)
      : returnLabelA6(this.options.orm, record.returnBarcode);
  }

  private refuseSpent(record: HandoverRow): void {
    if (record.redeemedAt !== null) throw refused(409, USED_CODE, HANDOVER_REFUSALS.used);
    if (record.expiresAt.getTime() <= this.now().getTime()) {
      throw refused(410, EXPIRED_CODE, HANDOVER_REFUSALS.expired);
    }
  }
}

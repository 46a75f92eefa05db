import type { Locale } from '@portal/shared-contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { accounts, notifications, orderLines, orders, users } from '../../db/schema';
import { notFound } from '../../http/problem';
import type { StatusChange } from '../tracking/service';
import type { Mailer } from './mailer';
import { isNotifiedStatus, type NotifiedStatus, statusMail, statusSentence } from './texts';

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';

/** One entry of GET /api/notifications. */
export interface NotificationView {
  '@id': string;
  '@type': 'Notification';
  id: number;
  shipmentNumber: string;
  status: NotifiedStatus;
  previousStatus: string;
  /** The sentence in the request's language. */
  text: string;
  /** The tracking page of the shipment (portal path). */
  link: string;
  statusDate: string;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationServiceOptions {
  mailer: Mailer;
  /** Base of the links in e-mails, e.g. `https://portal.pasts.lv`. */
  portalUrl: string;
  logger?: { error(details: object, message: string): void };
}

type Row = typeof notifications.$inferSelect;

/**
 * Progress notifications (issue 6). When tracking moves a line to a notified status and its order
 * was placed by a registered user who agreed to e-notifications, one list entry is written for
 * that user and an e-mail is queued to the order account's e-mail (else the user's). E-mails go
 * out one after another in the background, so a slow mail server never holds up ingestion; a
 * failed e-mail is logged and leaves `emailed_at` empty.
 */
export class NotificationService {
  private outbox: Promise<void> = Promise.resolve();

  constructor(
    private readonly orm: Orm,
    private readonly options: NotificationServiceOptions,
  ) {}

  /** The tracking service's status-change listener. */
  async shipmentsMoved(changes: readonly StatusChange[]): Promise<void> {
    const wanted = changes.filter((change) => isNotifiedStatus(change.to));
    if (wanted.length === 0) return;
    const recipients = await this.orm
      .select({
        lineId: orderLines.id,
        userId: users.id,
        email: sql<string | null>`coalesce(${accounts.email}, ${users.email})`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(accounts, eq(accounts.id, orders.accountId))
      .where(
        and(
          inArray(
            orderLines.id,
            wanted.map((change) => change.orderLineId),
          ),
          eq(orders.eNotification, 'agree'),
        ),
      );
    if (recipients.length === 0) return;
    const recipientOf = new Map(recipients.map((recipient) => [recipient.lineId, recipient]));
    const values = wanted.flatMap((change) => {
      const recipient = recipientOf.get(change.orderLineId);
      return recipient
        ? [
            {
              userId: recipient.userId,
              orderLineId: change.orderLineId,
              shipmentNumber: change.shipmentNumber,
              status: change.to,
              previousStatus: change.from,
              statusDate: change.statusDate,
            },
          ]
        : [];
    });
    const written = await this.orm.insert(notifications).values(values).returning();
    for (const row of written) {
      const email = recipientOf.get(row.orderLineId ?? -1)?.email;
      if (email) this.enqueueMail(row, email);
    }
  }

  /** Resolves when every queued e-mail has been sent or has failed (tests, shutdown). */
  whenIdle(): Promise<void> {
    return this.outbox;
  }

  private enqueueMail(row: Row, email: string): void {
    this.outbox = this.outbox.then(async () => {
      try {
        await this.options.mailer.send(
          statusMail(email, row.shipmentNumber, row.status as NotifiedStatus, this.options.portalUrl),
        );
        await this.orm.update(notifications).set({ emailedAt: new Date() }).where(eq(notifications.id, row.id));
      } catch (error) {
        this.options.logger?.error(
          { err: error, notificationId: row.id },
          'notifications: the e-mail of a status change was not sent',
        );
      }
    });
  }

  /** One page of the signed-in user's notifications, newest first. */
  async list(
    subject: string,
    paging: { page: number; itemsPerPage: number },
    locale: Locale,
  ): Promise<{ members: NotificationView[]; total: number }> {
    const owner = await this.ownerId(subject);
    if (owner === null) return { members: [], total: 0 };
    const [rows, [count]] = await Promise.all([
      this.orm
        .select()
        .from(notifications)
        .where(eq(notifications.userId, owner))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(paging.itemsPerPage)
        .offset((paging.page - 1) * paging.itemsPerPage),
      this.orm.select({ total: sql<number>`count(*)::int` }).from(notifications).where(eq(notifications.userId, owner)),
    ]);
    return { members: rows.map((row) => view(row, locale)), total: count?.total ?? 0 };
  }

  /** Marks one of the caller's notifications read (again: no change). Others' are 404, as missing ones. */
  async markRead(subject: string, id: number, locale: Locale): Promise<NotificationView> {
    const owner = await this.ownerId(subject);
    if (owner === null) throw notFound(NOTIFICATION_NOT_FOUND);
    const [updated] = await this.orm
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, owner), isNull(notifications.readAt)))
      .returning();
    if (updated) return view(updated, locale);
    const [already] = await this.orm
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, owner)));
    if (!already) throw notFound(NOTIFICATION_NOT_FOUND);
    return view(already, locale);
  }

  private async ownerId(subject: string): Promise<number | null> {
    const [user] = await this.orm.select({ id: users.id }).from(users).where(eq(users.subject, subject));
    return user?.id ?? null;
  }
}

function view(row: Row, locale: Locale): NotificationView {
  const status = row.status as NotifiedStatus;
  return {
    '@id': `/api/notifications/${row.id}`,
    '@type': 'Notification',
    id: row.id,
    shipmentNumber: row.shipmentNumber,
    status,
    previousStatus: row.previousStatus,
    text: statusSentence(row.shipmentNumber, status, locale),
    link: `/track?number=${encodeURIComponent(row.shipmentNumber)}`,
    statusDate: row.statusDate.toISOString(),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

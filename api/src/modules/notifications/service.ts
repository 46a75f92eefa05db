import type { Locale } from '@portal/shared-contracts';
import { announcementTexts } from '@portal/shared-contracts/account';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { notFound } from '../../http/problem';
import type { DomainEvent, EventConsumer } from '../events';
import { activeAccountTypesOfUser, notificationPreferencesOfAccounts, userEmails, userIdOfSubject } from '../identity';
import type { JobEngine } from '../jobs';
import { linesWithConsentingOrderer } from '../orders';
import type { StatusChange } from '../tracking';
import type { AnnouncementRow } from './announcements';
import type { Mailer } from './mailer';
import { announcementReads, announcements, notificationSettings, notifications } from './schema';
import { settingsOf } from './settings';
import { isNotifiedStatus, type NotifiedStatus, statusMail, statusSentence } from './texts';

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';

/** One entry of GET /api/notifications. */
export interface NotificationView {
  '@id': string;
  '@type': 'Notification';
  kind: 'status';
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

/** One announcement of the post in the user's list (issue 13 item 5). */
export interface AnnouncementView {
  '@id': string;
  '@type': 'Announcement';
  kind: 'announcement';
  id: number;
  caption: string;
  description: string;
  content: string;
  /** When it was sent: its place in the list. */
  createdAt: string;
  readAt: string | null;
}

export type ListEntry = NotificationView | AnnouncementView;

export interface NotificationServiceOptions {
  mailer: Mailer;
  /** Base of the links in e-mails, e.g. `https://portal.pasts.lv`. */
  portalUrl: string;
  /** The job engine (modules/jobs): each entry's e-mail is a `notifications.mail` job. */
  jobs: JobEngine;
  logger?: { error(details: object, message: string): void };
}

type Row = typeof notifications.$inferSelect;

interface MailJob {
  notificationId: number;
  email: string;
  language: Locale | null;
}

/**
 * Progress notifications (issue 6). When tracking moves a line to a notified status and its order
 * was placed by a registered user who agreed to e-notifications, one list entry is written for
 * that user and an e-mail is queued to the order account's e-mail (else the user's). The user's
 * settings (issue 13) decide further: no entry when the account's e-notification consent is now
 * "disagree" or the status is not among those the user chose; e-mails in the chosen language. Each
 * e-mail is a job of the job engine written with its entry, so a slow mail server never holds up
 * ingestion and a failed e-mail is tried again; until it went, `emailed_at` is empty.
 */
export class NotificationService {
  constructor(
    private readonly orm: Orm,
    private readonly options: NotificationServiceOptions,
  ) {
    options.jobs.handle<MailJob>('notifications.mail', (job) => this.mailOne(job));
  }

  /**
   * How it subscribes (the composition root): a `notifications.status-changed` job per status
   * change of a shipment that is not a test's (the notifications are the post's: issue 38).
   */
  consumer(): EventConsumer {
    return {
      kind: 'notifications.status-changed',
      on: { 'shipment.status_changed': (event) => this.statusChanged(event) },
      accepts: (event) => !(event.type === 'shipment.status_changed' && event.data.testMode),
      // Per shipment (its aggregate), in the order the changes happened.
      keyOf: (event) => `shipment:${event.aggregateId}`,
    };
  }

  private statusChanged({ data }: DomainEvent<'shipment.status_changed'>): Promise<void> {
    return this.shipmentsMoved([
      {
        ...data,
        from: data.from as StatusChange['from'],
        to: data.to as StatusChange['to'],
        statusDate: new Date(data.statusDate),
      },
    ]);
  }

  /** Entries (and their e-mails' jobs) for status changes, in one transaction. */
  async shipmentsMoved(changes: readonly StatusChange[]): Promise<void> {
    const wanted = changes.filter((change) => isNotifiedStatus(change.to));
    if (wanted.length === 0) return;
    const recipients = await this.recipientsOf(wanted.map((change) => change.orderLineId));
    if (recipients.length === 0) return;
    const recipientOf = new Map(
      recipients.map((recipient) => [
        recipient.lineId,
        {
          ...recipient,
          settings: recipient.statuses
            ? settingsOf({ language: recipient.language, statuses: recipient.statuses })
            : null,
        },
      ]),
    );
    const values = wanted.flatMap((change) => {
      const recipient = recipientOf.get(change.orderLineId);
      const chosen = !recipient?.settings || (recipient.settings.statuses as string[]).includes(change.to);
      return recipient && chosen
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
    if (values.length === 0) return;
    // The entries and their e-mails' jobs commit together: no entry without its e-mail, none twice.
    await this.orm.transaction(async (tx) => {
      const written = await tx.insert(notifications).values(values).returning();
      const mails = written.flatMap((row): MailJob[] => {
        const recipient = recipientOf.get(row.orderLineId ?? -1);
        return recipient?.email
          ? [{ notificationId: row.id, email: recipient.email, language: recipient.settings?.language ?? null }]
          : [];
      });
      await this.options.jobs.enqueue<MailJob>(tx, 'notifications.mail', mails);
    });
    this.options.jobs.wake();
  }

  /**
   * One entry's e-mail (a `notifications.mail` job): a failed send is logged and thrown, and the job
   * engine tries again as JOB_POLICIES declares; `emailed_at` says it went.
   */
  private async mailOne({ notificationId, email, language }: MailJob): Promise<void> {
    const [row] = await this.orm.select().from(notifications).where(eq(notifications.id, notificationId));
    if (!row || row.emailedAt) return;
    try {
      await this.options.mailer.send(
        statusMail(email, row.shipmentNumber, row.status as NotifiedStatus, this.options.portalUrl, language),
      );
    } catch (error) {
      this.options.logger?.error(
        { err: error, notificationId },
        'notifications: the e-mail of a status change was not sent',
      );
      throw error;
    }
    await this.orm.update(notifications).set({ emailedAt: new Date() }).where(eq(notifications.id, notificationId));
  }

  /**
   * One page of the signed-in user's notification list, newest first: their status notifications
   * and the post's sent announcements (portal channel) for the types of the accounts they belong
   * to (issue 13 item 5), merged in one query so that paging counts both.
   */
  async list(
    subject: string,
    paging: { page: number; itemsPerPage: number },
    locale: Locale,
  ): Promise<{ members: ListEntry[]; total: number; unread: number }> {
    const owner = await this.ownerId(subject);
    if (owner === null) return { members: [], total: 0, unread: 0 };
    const entries = await this.entriesOf(owner);
    const [page, counted] = await Promise.all([
      rowsOf<{ kind: 'status' | 'announcement'; id: number }>(
        this.orm.execute(sql`
          select kind, id from ${entries} as entry
          order by at desc, kind desc, id desc
          limit ${paging.itemsPerPage} offset ${(paging.page - 1) * paging.itemsPerPage}`),
      ),
      this.counts(entries),
    ]);
    const idsOf = (kind: string) => page.filter((entry) => entry.kind === kind).map((entry) => entry.id);
    const statusIds = idsOf('status');
    const announcementIds = idsOf('announcement');
    const [statusRows, announcementRows] = await Promise.all([
      statusIds.length === 0
        ? []
        : this.orm
            .select()
            .from(notifications)
            .where(and(eq(notifications.userId, owner), inArray(notifications.id, statusIds))),
      announcementIds.length === 0
        ? []
        : this.orm
            .select({ announcement: announcements, readAt: announcementReads.readAt })
            .from(announcements)
            .leftJoin(
              announcementReads,
              and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, owner)),
            )
            .where(inArray(announcements.id, announcementIds)),
    ]);
    const statusById = new Map(statusRows.map((row) => [row.id, view(row, locale)]));
    const announcementById = new Map(
      announcementRows.map(({ announcement, readAt }) => [
        announcement.id,
        announcementView(announcement, readAt, locale),
      ]),
    );
    const members = page.flatMap((entry): ListEntry[] => {
      const member = entry.kind === 'status' ? statusById.get(entry.id) : announcementById.get(entry.id);
      return member ? [member] : [];
    });
    return { members, total: counted.total, unread: counted.unread };
  }

  /** How many entries the user's list has and how many of them are unread (the header's count). */
  async unreadCount(subject: string): Promise<{ total: number; unread: number }> {
    const owner = await this.ownerId(subject);
    if (owner === null) return { total: 0, unread: 0 };
    return this.counts(await this.entriesOf(owner));
  }

  /** The user's list (`listEntries`), with the types of the active accounts they belong to. */
  private async entriesOf(owner: number): Promise<SQL> {
    return listEntries(owner, await activeAccountTypesOfUser(this.orm, owner));
  }

  private async counts(entries: SQL): Promise<{ total: number; unread: number }> {
    const [row] = await rowsOf<{ total: number; unread: number }>(
      this.orm.execute(sql`
        select count(*)::int as total, (count(*) filter (where read_at is null))::int as unread
        from ${entries} as entry`),
    );
    return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
  }

  /** Marks an announcement read for the caller; one not meant for them (or unsent) is 404, as a missing one. */
  async markAnnouncementRead(subject: string, id: number, locale: Locale): Promise<AnnouncementView> {
    const owner = await this.ownerId(subject);
    if (owner === null) throw notFound(NOTIFICATION_NOT_FOUND);
    const [visible] = await rowsOf<{ id: number }>(
      this.orm.execute(sql`
        select id from ${await this.entriesOf(owner)} as entry where kind = 'announcement' and id = ${id}`),
    );
    if (!visible) throw notFound(NOTIFICATION_NOT_FOUND);
    await this.orm.insert(announcementReads).values({ announcementId: id, userId: owner }).onConflictDoNothing();
    const [row] = await this.orm
      .select({ announcement: announcements, readAt: announcementReads.readAt })
      .from(announcements)
      .innerJoin(
        announcementReads,
        and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, owner)),
      )
      .where(eq(announcements.id, id));
    if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
    return announcementView(row.announcement, row.readAt, locale);
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
    return (await userIdOfSubject(this.orm, subject)) ?? null;
  }

  /**
   * Who hears of these lines: the user who placed each line's order and agreed to e-notifications
   * on it, with the order account's e-mail (else the user's) and the user's settings. Consent
   * withdrawn in the account's profile after the order was placed wins over the order's.
   */
  private async recipientsOf(lineIds: readonly number[]) {
    const lines = await linesWithConsentingOrderer(this.orm, lineIds);
    if (lines.length === 0) return [];
    const accountIds = [...new Set(lines.flatMap((line) => (line.accountId === null ? [] : [line.accountId])))];
    const userIds = [...new Set(lines.map((line) => line.userId))];
    const [accountsById, emailOfUser, settings] = await Promise.all([
      notificationPreferencesOfAccounts(this.orm, accountIds),
      userEmails(this.orm, userIds),
      this.orm
        .select({
          userId: notificationSettings.userId,
          language: notificationSettings.language,
          statuses: notificationSettings.statuses,
        })
        .from(notificationSettings)
        .where(inArray(notificationSettings.userId, userIds)),
    ]);
    const settingsOfUser = new Map(settings.map((row) => [row.userId, row] as const));
    return lines.flatMap((line) => {
      const account = line.accountId === null ? undefined : accountsById.get(line.accountId);
      if (account?.refusesENotifications) return [];
      const chosen = settingsOfUser.get(line.userId);
      return [
        {
          lineId: line.lineId,
          userId: line.userId,
          email: account?.email ?? emailOfUser.get(line.userId) ?? null,
          language: chosen?.language ?? null,
          statuses: chosen?.statuses ?? null,
        },
      ];
    });
  }
}

function view(row: Row, locale: Locale): NotificationView {
  const status = row.status as NotifiedStatus;
  return {
    '@id': `/api/notifications/${row.id}`,
    '@type': 'Notification',
    kind: 'status',
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

/** An announcement in the user's list, in the request's language (the back office writes both). */
function announcementView(row: AnnouncementRow, readAt: Date | null, locale: Locale): AnnouncementView {
  return {
    '@id': `/api/announcements/${row.id}`,
    '@type': 'Announcement',
    kind: 'announcement',
    id: row.id,
    ...announcementTexts(row, locale),
    createdAt: (row.sentAt ?? row.createdAt).toISOString(),
    readAt: readAt?.toISOString() ?? null,
  };
}

/**
 * The user's list as one derived table (kind, id, at, read_at): their status notifications, and the
 * sent announcements with the portal channel whose recipient groups meet `accountTypes` (the types
 * of the active accounts the user belongs to, which the identity module answers).
 */
function listEntries(owner: number, accountTypes: readonly string[]): SQL {
  return sql`(
    select 'status' as kind, n.id, n.created_at as at, n.read_at
    from ${notifications} n where n.user_id = ${owner}
    union all
    select 'announcement' as kind, a.id, a.sent_at as at, r.read_at
    from ${announcements} a
    left join ${announcementReads} r on r.announcement_id = a.id and r.user_id = ${owner}
    where a.status = 'sent' and 'portal' = any(a.channels)
      and a.recipient_groups && ${textArray(accountTypes)}
  )`;
}

/** A text[] of these values (an empty one when there are none: it meets no recipient group). */
function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** The rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

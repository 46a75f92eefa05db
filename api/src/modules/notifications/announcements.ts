import {
  ANNOUNCEMENT_CODES,
  ANNOUNCEMENT_MESSAGES,
  type AnnouncementChannel,
  type AnnouncementInput,
  type AnnouncementStatus,
  announcementSms,
  announcementTexts,
  announcementViolations,
  normaliseAnnouncement,
  type RecipientGroup,
} from '@portal/shared-contracts/account';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { ApiError, invalidInput, notFound } from '../../http/problem';
import type { SmsSender } from '../../sms';
import { reachableAccounts, userIdOfSubject } from '../identity';
import type { Mailer } from './mailer';
import { announcements } from './schema';

type Row = typeof announcements.$inferSelect;
export type AnnouncementRow = Row;

/** One announcement as the back office sees it (GET /api/admin/notifications...). */
export interface AnnouncementAdminView {
  '@id': string;
  '@type': 'Notification';
  id: number;
  recipientGroups: RecipientGroup[];
  channels: AnnouncementChannel[];
  caption: string;
  description: string;
  content: string;
  captionLv: string;
  descriptionLv: string;
  contentLv: string;
  status: AnnouncementStatus;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  emailCount: number;
  smsCount: number;
}

export const ANNOUNCEMENT_SORTS = ['createdAt', 'sentAt', 'caption'] as const;
export type AnnouncementSort = (typeof ANNOUNCEMENT_SORTS)[number];

export interface AnnouncementFilter {
  status?: AnnouncementStatus;
  recipientGroup?: RecipientGroup;
  sort: AnnouncementSort;
  direction: 'asc' | 'desc';
}

export interface AnnouncementServiceOptions {
  mailer: Mailer;
  sms: SmsSender;
  /** Base of the link in e-mails, e.g. `https://portal.pasts.lv`. */
  portalUrl: string;
  logger?: { error(details: object, message: string): void };
  now?: () => Date;
}

/** Someone an announcement goes to by e-mail and/or text message: one account of a chosen type. */
interface Addressee {
  accountId: number;
  email: string | null;
  phone: string | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The post's announcements (issue 14 item 6): the back office composes them (unsent), edits them
 * while unsent, and sends each once. Sending marks it sent in one guarded UPDATE (two clicks never
 * send twice), then queues one e-mail and/or one text message per active account of the chosen
 * types whose sender profile does not say "disagree" to e-notifications; they go out one after
 * another in the background through the Mailer and SmsSender interfaces. An announcement with the
 * `portal` channel shows in the notification list of every user of such an account (service.ts).
 */
export class AnnouncementService {
  private outbox: Promise<void> = Promise.resolve();

  constructor(
    private readonly orm: Orm,
    private readonly options: AnnouncementServiceOptions,
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async list(
    filter: AnnouncementFilter,
    paging: { page: number; itemsPerPage: number },
  ): Promise<{ members: AnnouncementAdminView[]; total: number }> {
    const where = whereOf(filter);
    const [rows, [counted]] = await Promise.all([
      this.orm
        .select()
        .from(announcements)
        .where(where)
        .orderBy(...orderOf(filter))
        .limit(paging.itemsPerPage)
        .offset((paging.page - 1) * paging.itemsPerPage),
      this.orm.select({ total: count() }).from(announcements).where(where),
    ]);
    return { members: rows.map(adminView), total: counted?.total ?? 0 };
  }

  /** Every announcement the filter finds, in its order (the XLSX export). */
  async all(filter: AnnouncementFilter): Promise<AnnouncementAdminView[]> {
    const rows = await this.orm
      .select()
      .from(announcements)
      .where(whereOf(filter))
      .orderBy(...orderOf(filter));
    return rows.map(adminView);
  }

  async find(id: number): Promise<AnnouncementAdminView> {
    const [row] = await this.orm.select().from(announcements).where(eq(announcements.id, id));
    if (!row) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
    return adminView(row);
  }

  /** A new unsent announcement; `subject` is the composer's (kept as the user id). */
  async create(input: AnnouncementInput, subject: string | null): Promise<AnnouncementAdminView> {
    const values = valid(input);
    const author = subject ? await userIdOfSubject(this.orm, subject) : undefined;
    const [row] = await this.orm
      .insert(announcements)
      .values({ ...values, createdBy: author ?? null, createdAt: this.now(), updatedAt: this.now() })
      .returning();
    if (!row) throw new Error('announcement not written');
    return adminView(row);
  }

  /** Replaces the texts and choices of an unsent announcement; a sent one is 409. */
  async update(id: number, input: AnnouncementInput): Promise<AnnouncementAdminView> {
    const values = valid(input);
    const [row] = await this.orm
      .update(announcements)
      .set({ ...values, updatedAt: this.now() })
      .where(and(eq(announcements.id, id), eq(announcements.status, 'unsent')))
      .returning();
    if (row) return adminView(row);
    await this.find(id); // 404 when missing
    throw alreadySent();
  }

  /** unsent → sent (SPEC §4), then the e-mails and text messages are queued. A sent one is 409. */
  async send(id: number): Promise<AnnouncementAdminView> {
    const sentAt = this.now();
    const [row] = await this.orm
      .update(announcements)
      .set({ status: 'sent', sentAt, updatedAt: sentAt })
      .where(and(eq(announcements.id, id), eq(announcements.status, 'unsent')))
      .returning();
    if (!row) {
      await this.find(id);
      throw alreadySent();
    }
    const addressees = await this.addressees(row.recipientGroups);
    const byEmail = row.channels.includes('email') ? addressees.filter((one) => one.email) : [];
    const bySms = row.channels.includes('sms') ? addressees.filter((one) => one.phone) : [];
    for (const addressee of byEmail) this.enqueue(row, addressee, 'email');
    for (const addressee of bySms) this.enqueue(row, addressee, 'sms');
    const [counted] = await this.orm
      .update(announcements)
      .set({ emailCount: byEmail.length, smsCount: bySms.length })
      .where(eq(announcements.id, id))
      .returning();
    return adminView(counted ?? row);
  }

  /** Resolves when every queued message has gone out or failed (tests, shutdown). */
  whenIdle(): Promise<void> {
    return this.outbox;
  }

  private enqueue(row: Row, addressee: Addressee, channel: 'email' | 'sms'): void {
    this.outbox = this.outbox.then(async () => {
      try {
        if (channel === 'email' && addressee.email) await this.options.mailer.send(this.mail(row, addressee.email));
        // A text message is short: Latvian, the language of the accounts' domestic phones.
        if (channel === 'sms' && addressee.phone)
          await this.options.sms.send({ to: addressee.phone, body: announcementSms(announcementTexts(row, 'lv')) });
      } catch (error) {
        this.options.logger?.error(
          { err: error, announcementId: row.id, accountId: addressee.accountId, channel },
          'notifications: a message of an announcement was not sent',
        );
      }
    });
  }

  /** The e-mail: an account has no one language, so both go, Latvian first (as the status e-mails without a choice). */
  private mail(row: Row, to: string) {
    const link = `${this.options.portalUrl.replace(/\/$/, '')}/notifications`;
    const lv = announcementTexts(row, 'lv');
    const en = announcementTexts(row, 'en');
    const html = (texts: typeof lv, locale: 'lv' | 'en') =>
      `<div lang="${locale}"><h2>${escapeHtml(texts.caption)}</h2><p><strong>${escapeHtml(texts.description)}</strong></p>` +
      texts.content
        .split(/\n{2,}/)
        .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
        .join('') +
      '</div>';
    return {
      to,
      subject: lv.caption === en.caption ? lv.caption : `${lv.caption} / ${en.caption}`,
      text: `${lv.caption}\n\n${lv.description}\n\n${lv.content}\n\n---\n\n${en.caption}\n\n${en.description}\n\n${en.content}\n\n${link}\n`,
      html: `${html(lv, 'lv')}<hr>${html(en, 'en')}<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    };
  }

  /**
   * The active accounts of the chosen types that did not say "disagree" to e-notifications: the
   * account's e-mail (else its first main administrator's, else its first user's) and its phone in
   * E.164 (`+` prefix, default 371, and number).
   */
  private async addressees(groups: readonly RecipientGroup[]): Promise<Addressee[]> {
    const rows = await reachableAccounts(this.orm, groups);
    return rows.map((row) => ({
      accountId: row.accountId,
      email: row.email,
      phone: row.phone && /^\d+$/.test(row.phone) ? `+${row.prefix ?? '371'}${row.phone}` : null,
    }));
  }
}

function valid(input: AnnouncementInput) {
  const violations = announcementViolations(input);
  if (violations.length > 0) throw invalidInput(422, violations);
  return normaliseAnnouncement(input);
}

const alreadySent = () =>
  new ApiError(409, ANNOUNCEMENT_MESSAGES.alreadySent, [
    { propertyPath: 'status', message: ANNOUNCEMENT_MESSAGES.alreadySent, code: ANNOUNCEMENT_CODES.alreadySent },
  ]);

function whereOf(filter: AnnouncementFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(announcements.status, filter.status));
  if (filter.recipientGroup) conditions.push(sql`${filter.recipientGroup} = any(${announcements.recipientGroups})`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function orderOf(filter: AnnouncementFilter): SQL[] {
  const direction = filter.direction === 'asc' ? asc : desc;
  const column = { createdAt: announcements.createdAt, sentAt: announcements.sentAt, caption: announcements.caption }[
    filter.sort
  ];
  // Unsent ones have no sent date: they come last either way; the id keeps pages stable.
  const nulls = filter.sort === 'sentAt' ? [sql`${announcements.sentAt} is null`] : [];
  return [...nulls, direction(column), direction(announcements.id)];
}

function adminView(row: Row): AnnouncementAdminView {
  return {
    '@id': `/api/admin/notifications/${row.id}`,
    '@type': 'Notification',
    id: row.id,
    recipientGroups: row.recipientGroups,
    channels: row.channels,
    caption: row.caption,
    description: row.description,
    content: row.content,
    captionLv: row.captionLv,
    descriptionLv: row.descriptionLv,
    contentLv: row.contentLv,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    emailCount: row.emailCount,
    smsCount: row.smsCount,
  };
}

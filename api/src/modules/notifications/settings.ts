import type { Locale } from '@portal/shared-contracts';
import {
  isNotifiedStatus,
  NOTIFIED_STATUSES,
  type NotificationSettings,
  type NotifiedStatus,
  notificationSettingsViolations,
} from '@portal/shared-contracts/account';
import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { invalidInput, notFound } from '../../http/problem';
import { userIdOfSubject } from '../identity';
import { notificationSettings } from './schema';

export const USER_NOT_FOUND = 'User not found.';

/**
 * The Settings tab's choices (issue 13): which status changes a user hears about and the language
 * of their e-mails. Only the user reads and changes their own; any other id answers the same 404
 * as a missing user, as PATCH /api/users/{id} does.
 */
export class NotificationSettingsService {
  constructor(private readonly orm: Orm) {}

  async get(subject: string, userId: number): Promise<NotificationSettings> {
    await this.ownUser(subject, userId);
    const [row] = await this.orm.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
    return resource(userId, row ? settingsOf(row) : DEFAULT_SETTINGS);
  }

  async put(
    subject: string,
    userId: number,
    body: { language: unknown; statuses: unknown },
  ): Promise<NotificationSettings> {
    await this.ownUser(subject, userId);
    const violations = notificationSettingsViolations(body);
    if (violations.length > 0) throw invalidInput(422, violations);
    const language = body.language as Locale | null;
    // Stored in the list's order, once each.
    const chosen = new Set(body.statuses as NotifiedStatus[]);
    const statuses = NOTIFIED_STATUSES.filter((status) => chosen.has(status));
    await this.orm
      .insert(notificationSettings)
      .values({ userId, language, statuses })
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: { language, statuses, updatedAt: sql`now()` },
      });
    return resource(userId, { language, statuses });
  }

  private async ownUser(subject: string, userId: number): Promise<void> {
    if ((await userIdOfSubject(this.orm, subject)) !== userId) throw notFound(USER_NOT_FOUND);
  }
}

const DEFAULT_SETTINGS: Pick<NotificationSettings, 'language' | 'statuses'> = {
  language: null,
  statuses: [...NOTIFIED_STATUSES],
};

/** A stored row as settings: statuses the list no longer has are dropped. */
export function settingsOf(row: { language: string | null; statuses: string[] }) {
  return {
    language: row.language === 'en' || row.language === 'lv' ? row.language : null,
    statuses: row.statuses.filter(isNotifiedStatus),
  } satisfies Pick<NotificationSettings, 'language' | 'statuses'>;
}

function resource(userId: number, settings: Pick<NotificationSettings, 'language' | 'statuses'>): NotificationSettings {
  return {
    '@id': `/api/users/${userId}/notification_settings`,
    '@type': 'NotificationSettings',
    ...settings,
  };
}

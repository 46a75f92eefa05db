import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Orm } from '../../db';
import { phoneVerifications } from './schema';

/**
 * Deletes the phone change codes sent before `before` that are spent, or expired at `now`; how many. Each row
 * is one text message sent, with the number it went to: personal data that nothing reads once the
 * code is over (the sending limit looks back an hour, PHONE_CODES_PER_HOUR). A code still open is
 * never trimmed, whatever its age. Issue 41.
 */
export async function trimPhoneCodes(orm: Orm, before: Date, now: Date): Promise<number> {
  const deleted = await orm
    .delete(phoneVerifications)
    .where(
      and(
        lt(phoneVerifications.createdAt, before),
        or(isNotNull(phoneVerifications.spentAt), lt(phoneVerifications.expiresAt, now)),
      ),
    )
    .returning({ id: phoneVerifications.id });
  return deleted.length;
}

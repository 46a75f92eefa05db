import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Locale } from '@portal/shared-contracts';
import {
  normalisePhoneCode,
  PHONE_CODE_CODES,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_MESSAGES,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_MINUTES,
  PHONE_CODES_PER_HOUR,
  type PhoneVerification,
  phoneChangeViolations,
  phoneCodeViolation,
} from '@portal/shared-contracts/account';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { ApiError, invalidInput, notFound } from '../../http/problem';
import type { SmsSender } from '../../sms';
import { phoneProblem, toContact } from './model';
import { accounts, phoneVerifications } from './schema';
import type { AccountView, IdentityService } from './service';

type Row = typeof phoneVerifications.$inferSelect;

const HOUR_MS = 3_600_000;

export interface PhoneChangeOptions {
  sms: SmsSender;
  /** HMAC key of the stored codes (PHONE_CODE_SECRET). */
  secret: string;
  now?: () => Date;
  logger?: { error(details: object, message: string): void };
}

/** The text message, in the language the user is reading the portal in. */
const SMS_TEXT: Record<Locale, (code: string) => string> = {
  en: (code) =>
    `Your postal portal code is ${code}. It changes the phone number of your account and is valid for ${PHONE_CODE_TTL_MINUTES} minutes. Never share it.`,
  lv: (code) =>
    `Jūsu pasta portāla kods ir ${code}. Ar to maina konta tālruņa numuru, un tas derīgs ${PHONE_CODE_TTL_MINUTES} minūtes. Nevienam to neizpaudiet.`,
};

type Outcome = { kind: 'changed' } | { kind: 'refused'; reason: 'invalid' | 'expired' | 'failed' };

/**
 * SPEC §4 Phone change: a 6-digit code goes by SMS to the new number and the account's phone
 * changes only when the same user types it back in time. Codes are kept as HMACs, expire after
 * PHONE_CODE_TTL_MINUTES, allow PHONE_CODE_MAX_ATTEMPTS wrong tries, and a new one can be asked
 * for PHONE_CODE_RESEND_SECONDS after the last (at most PHONE_CODES_PER_HOUR an hour).
 */
export class PhoneChangeService {
  private readonly now: () => Date;

  constructor(
    private readonly orm: Orm,
    private readonly identity: IdentityService,
    private readonly options: PhoneChangeOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Sends a code to the new number; the previous code of the account stops working. */
  async request(
    principal: Principal,
    accountId: number,
    body: { phonePrefix: string; phone: string },
    locale: Locale,
  ): Promise<PhoneVerification> {
    const { user } = await this.identity.member(principal, accountId);
    const phonePrefix = body.phonePrefix.trim();
    const phone = body.phone.trim();
    const now = this.now();
    const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');

    const row = await this.orm.transaction(async (tx) => {
      // Serialises the account's requests: two tabs cannot both pass the resend wait.
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
      if (!account) throw notFound('Account not found.');
      const violations = phoneChangeViolations({ phonePrefix, phone }, toContact(account.contact));
      if (violations.length > 0) throw invalidInput(422, violations);
      // The one rule the browser does not run: the number belongs to its prefix's country.
      const problem = phoneProblem(phonePrefix, phone);
      if (problem) throw invalidInput(422, [{ propertyPath: 'phone', message: problem, code: 'INVALID_PHONE' }]);

      const recent = await tx
        .select()
        .from(phoneVerifications)
        .where(
          and(eq(phoneVerifications.accountId, accountId), gt(phoneVerifications.createdAt, new Date(+now - HOUR_MS))),
        )
        .orderBy(desc(phoneVerifications.createdAt), desc(phoneVerifications.id));
      const latest = recent[0];
      if (latest && latest.resendAvailableAt > now)
        throw tooSoon(PHONE_CODE_MESSAGES.resendTooEarly, latest.resendAvailableAt, now);
      const oldest = recent[PHONE_CODES_PER_HOUR - 1];
      if (oldest) throw tooSoon(PHONE_CODE_MESSAGES.tooManyCodes, new Date(+oldest.createdAt + HOUR_MS), now);

      await tx
        .update(phoneVerifications)
        .set({ spentAt: now })
        .where(and(eq(phoneVerifications.accountId, accountId), isNull(phoneVerifications.spentAt)));
      const [inserted] = await tx
        .insert(phoneVerifications)
        .values({
          accountId,
          userId: user.id,
          phonePrefix,
          phone,
          codeHash: this.hash(accountId, phonePrefix, phone, code),
          expiresAt: new Date(+now + PHONE_CODE_TTL_MINUTES * 60_000),
          resendAvailableAt: new Date(+now + PHONE_CODE_RESEND_SECONDS * 1000),
          createdAt: now,
        })
        .returning();
      if (!inserted) throw new Error('phone verification insert returned no row');
      return inserted;
    });

    // Sent after the commit: a slow provider must not hold the account's row (or, on PGlite, the
    // one connection) while it answers.
    try {
      await this.options.sms.send({ to: `+${phonePrefix}${phone}`, body: SMS_TEXT[locale](code) });
    } catch (error) {
      this.options.logger?.error({ err: error, accountId }, 'phone change: the code was not sent');
      // A code nobody received neither counts nor makes the user wait.
      await this.orm.delete(phoneVerifications).where(eq(phoneVerifications.id, row.id));
      throw new ApiError(503, PHONE_CODE_MESSAGES.notSent);
    }
    return view(row, now);
  }

  /** The caller's code of the account still waiting to be typed, if any (the screen resumes it). */
  async pending(principal: Principal, accountId: number): Promise<PhoneVerification | null> {
    const { user } = await this.identity.member(principal, accountId);
    const now = this.now();
    const [row] = await this.orm
      .select()
      .from(phoneVerifications)
      .where(
        and(
          eq(phoneVerifications.accountId, accountId),
          eq(phoneVerifications.userId, user.id),
          isNull(phoneVerifications.spentAt),
          gt(phoneVerifications.expiresAt, now),
        ),
      )
      .orderBy(desc(phoneVerifications.createdAt), desc(phoneVerifications.id))
      .limit(1);
    return row ? view(row, now) : null;
  }

  /** Checks the typed code; the right one changes the account's phone to the verified number. */
  async confirm(principal: Principal, accountId: number, verificationId: number, typed: unknown): Promise<AccountView> {
    const { user } = await this.identity.member(principal, accountId);
    const code = typeof typed === 'string' ? normalisePhoneCode(typed) : '';
    const malformed = phoneCodeViolation(typeof typed === 'string' ? typed : '');
    if (malformed) throw invalidInput(422, [malformed]);
    const now = this.now();

    // Decided in one transaction with the row locked, so parallel tries cannot exceed the limit;
    // a wrong try is committed before it is answered.
    const outcome = await this.orm.transaction(async (tx): Promise<Outcome> => {
      const [row] = await tx
        .select()
        .from(phoneVerifications)
        .where(and(eq(phoneVerifications.id, verificationId), eq(phoneVerifications.accountId, accountId)))
        .for('update');
      // Another user's code of a shared (company) account is theirs to type.
      if (!row || row.userId !== user.id) throw notFound(PHONE_CODE_MESSAGES.notFound);
      if (row.attempts >= PHONE_CODE_MAX_ATTEMPTS) return { kind: 'refused', reason: 'failed' };
      if (row.spentAt || row.expiresAt <= now) return { kind: 'refused', reason: 'expired' };
      if (!this.matches(row, code)) {
        const attempts = row.attempts + 1;
        const exhausted = attempts >= PHONE_CODE_MAX_ATTEMPTS;
        await tx
          .update(phoneVerifications)
          .set({ attempts, ...(exhausted ? { spentAt: now } : {}) })
          .where(eq(phoneVerifications.id, row.id));
        return { kind: 'refused', reason: exhausted ? 'failed' : 'invalid' };
      }
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
      if (!account) throw notFound('Account not found.');
      await tx
        .update(accounts)
        .set({ contact: { ...toContact(account.contact), phonePrefix: row.phonePrefix, phone: row.phone } })
        .where(eq(accounts.id, accountId));
      await tx.update(phoneVerifications).set({ spentAt: now }).where(eq(phoneVerifications.id, row.id));
      return { kind: 'changed' };
    });
    if (outcome.kind === 'refused') {
      const { reason } = outcome;
      throw invalidInput(422, [
        { propertyPath: 'code', message: PHONE_CODE_MESSAGES[reason], code: PHONE_CODE_CODES[reason] },
      ]);
    }
    return this.identity.accountView(accountId);
  }

  /** HMAC-SHA256 of the code, bound to the account and the number it was sent to. */
  private hash(accountId: number, phonePrefix: string, phone: string, code: string): string {
    return createHmac('sha256', this.options.secret)
      .update(`phone-code:${accountId}:+${phonePrefix}${phone}:${code}`)
      .digest('hex');
  }

  private matches(row: Row, code: string): boolean {
    const expected = Buffer.from(row.codeHash, 'hex');
    const actual = Buffer.from(this.hash(row.accountId, row.phonePrefix, row.phone, code), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}

function tooSoon(message: string, availableAt: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((+availableAt - +now) / 1000));
  return new ApiError(429, message, [], { 'retry-after': String(seconds) });
}

function view(row: Row, now: Date): PhoneVerification {
  return {
    '@id': `/api/accounts/${row.accountId}/phone_verifications/${row.id}`,
    '@type': 'PhoneVerification',
    id: row.id,
    phonePrefix: row.phonePrefix,
    phone: row.phone,
    expiresAt: row.expiresAt.toISOString(),
    resendAvailableAt: (row.resendAvailableAt > now ? row.resendAvailableAt : now).toISOString(),
    attemptsLeft: Math.max(0, PHONE_CODE_MAX_ATTEMPTS - row.attempts),
  };
}

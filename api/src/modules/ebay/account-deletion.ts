import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db';
import { ApiError } from '../../http/problem';
import { type EbayClient, EbayError } from './client';
import { ebayAccounts, ebaySales } from './schema';
import { ebayProblem } from './tokens';

/**
 * eBay's marketplace account deletion notices (issue 15 item 5; eBay's "Marketplace account
 * deletion" guide). eBay checks the endpoint with a challenge, then posts a signed notice whenever
 * an eBay user deletes their account; the portal then deletes what it keeps of that user.
 */

/** The header eBay signs a notice in: base64 of `{alg, kid, signature, digest}`. */
export const EBAY_SIGNATURE_HEADER = 'x-ebay-signature';

const signatureHeaderSchema = z.object({
  alg: z.literal('ECDSA'),
  kid: z.string().regex(/^[\w-]{1,100}$/),
  signature: z.string().min(1).max(2000),
  digest: z.literal('SHA1'),
});

const noticeSchema = z.object({
  metadata: z.object({ topic: z.literal('MARKETPLACE_ACCOUNT_DELETION') }),
  notification: z.object({
    notificationId: z.string().max(200),
    data: z.object({ username: z.string().min(1).max(200), userId: z.string().min(1).max(200) }),
  }),
});

/** The answer to eBay's challenge: SHA-256 (hex) of the challenge code, verification token and endpoint, in that order. */
export function challengeResponse(challengeCode: string, verificationToken: string, endpoint: string): string {
  return createHash('sha256').update(challengeCode).update(verificationToken).update(endpoint).digest('hex');
}

/** eBay sends the PEM on one line; node's parser wants its base64 on lines of its own. */
function publicKeyOf(pem: string): KeyObject {
  const body = pem
    .replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '')
    .replace(/\s+/g, '')
    .replace(/(.{64})/g, '$1\n');
  return createPublicKey(`-----BEGIN PUBLIC KEY-----\n${body.trim()}\n-----END PUBLIC KEY-----\n`);
}

/** 412 is what eBay's own SDKs answer for a notice whose signature does not verify. */
const refused = (why: string) => new ApiError(412, `The notice's signature is refused: ${why}.`);

export interface AccountDeletionOptions {
  verificationToken: string;
  /** The endpoint's public URL exactly as registered at eBay (part of the challenge answer). */
  endpoint: string;
}

export class EbayAccountDeletion {
  /** eBay's keys by id: fetched once each (eBay asks its subscribers to cache them). */
  private readonly keys = new Map<string, Promise<KeyObject>>();

  constructor(
    private readonly orm: Database['orm'],
    private readonly client: EbayClient,
    private readonly options: AccountDeletionOptions,
  ) {}

  challenge(challengeCode: string): { challengeResponse: string } {
    return {
      challengeResponse: challengeResponse(challengeCode, this.options.verificationToken, this.options.endpoint),
    };
  }

  /**
   * Verifies the notice against eBay's key (412 when it does not verify), then deletes that eBay
   * user's linked accounts with their tokens and sales, and the sales they bought that no
   * shipment was made of yet (their name and address). Answers how many accounts went.
   */
  async receive(rawBody: string, signatureHeader: string | undefined): Promise<{ accounts: number; sales: number }> {
    await this.verify(rawBody, signatureHeader);
    let notice: z.infer<typeof noticeSchema>;
    try {
      notice = noticeSchema.parse(JSON.parse(rawBody));
    } catch {
      throw new ApiError(400, 'The body is not a marketplace account deletion notice.');
    }
    const { username, userId } = notice.notification.data;
    return this.orm.transaction(async (tx) => {
      const accounts = await tx
        .delete(ebayAccounts)
        .where(or(eq(ebayAccounts.ebayUserId, userId), eq(ebayAccounts.ebayUsername, username)))
        .returning({ id: ebayAccounts.id });
      const sales = await tx
        .delete(ebaySales)
        .where(and(eq(ebaySales.state, 'waiting'), sql`${ebaySales.buyer}->>'username' = ${username}`))
        .returning({ id: ebaySales.id });
      return { accounts: accounts.length, sales: sales.length };
    });
  }

  private async verify(rawBody: string, header: string | undefined): Promise<void> {
    if (!header) throw refused(`no ${EBAY_SIGNATURE_HEADER} header`);
    let signed: z.infer<typeof signatureHeaderSchema>;
    try {
      signed = signatureHeaderSchema.parse(JSON.parse(Buffer.from(header, 'base64').toString('utf8')));
    } catch {
      throw refused(`a malformed ${EBAY_SIGNATURE_HEADER} header`);
    }
    let key: KeyObject;
    try {
      key = await this.keyOf(signed.kid);
    } catch (error) {
      // eBay not knowing the key id: not eBay's notice. eBay not answering: it sends the notice again.
      if (error instanceof EbayError && error.kind === 'rejected') throw refused('an unknown key');
      throw ebayProblem(error);
    }
    let valid = false;
    try {
      valid = verify('sha1', Buffer.from(rawBody, 'utf8'), key, Buffer.from(signed.signature, 'base64'));
    } catch {
      // A signature that is not DER at all.
    }
    if (!valid) throw refused('it does not match the body');
  }

  private keyOf(kid: string): Promise<KeyObject> {
    let key = this.keys.get(kid);
    if (!key) {
      key = this.client.getPublicKey(kid).then((answer) => publicKeyOf(answer.key));
      // A failed fetch (eBay unavailable, an unknown id) is asked again with the next notice.
      key.catch(() => this.keys.delete(kid));
      this.keys.set(kid, key);
    }
    return key;
  }
}

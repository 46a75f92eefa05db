import { EBAY_CODES, EBAY_MESSAGES } from '@portal/shared-contracts/ebay';
import { eq } from 'drizzle-orm';
import type { Orm } from '../../db';
import { ApiError } from '../../http/problem';
import { type EbayClient, EbayError } from './client';
import { ebayAccounts } from './schema';
import type { TokenCipher } from './token-cipher';

type AccountRow = typeof ebayAccounts.$inferSelect;

/** Refresh an access token this long before eBay's expiry, so no call starts with a dying one. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/** The Hydra error of an eBay failure the seller can act on: never a 500. */
export function ebayProblem(error: unknown, propertyPath = ''): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof EbayError && error.kind === 'refused') {
    return new ApiError(409, EBAY_MESSAGES.revoked, [
      { propertyPath, message: EBAY_MESSAGES.revoked, code: EBAY_CODES.revoked },
    ]);
  }
  if (error instanceof EbayError) {
    return new ApiError(502, EBAY_MESSAGES.unavailable, [
      { propertyPath, message: EBAY_MESSAGES.unavailable, code: EBAY_CODES.unavailable },
    ]);
  }
  throw error;
}

/**
 * A linked account's access token, refreshed with its refresh token when it is about to expire
 * (and stored sealed again). eBay refusing the refresh token marks the account revoked: the seller
 * withdrew the grant or it expired, and must link again.
 */
export class EbayTokens {
  constructor(
    private readonly orm: Orm,
    private readonly client: EbayClient,
    private readonly cipher: TokenCipher,
    private readonly now: () => Date,
  ) {}

  async accessTokenOf(account: AccountRow): Promise<string> {
    if (account.status !== 'linked' || !account.refreshToken) {
      throw new EbayError(account.status === 'revoked' ? 'refused' : 'rejected', 'the account is not linked');
    }
    const current = account.accessToken ? this.cipher.open(account.accessToken) : null;
    const expiresAt = account.accessExpiresAt?.getTime() ?? 0;
    if (current && expiresAt - REFRESH_MARGIN_MS > this.now().getTime()) return current;
    const refreshToken = this.cipher.open(account.refreshToken);
    if (!refreshToken) return this.revoke(account, 'the stored refresh token cannot be opened with EBAY_TOKEN_KEY');
    try {
      const fresh = await this.client.refresh(refreshToken);
      await this.orm
        .update(ebayAccounts)
        .set({
          accessToken: this.cipher.seal(fresh.accessToken),
          accessExpiresAt: new Date(this.now().getTime() + fresh.expiresIn * 1000),
        })
        .where(eq(ebayAccounts.id, account.id));
      return fresh.accessToken;
    } catch (error) {
      if (error instanceof EbayError && error.kind === 'refused') return this.revoke(account, error.message);
      throw error;
    }
  }

  /** Calls eBay with the account's token; a 401 on a token just refreshed means the grant is gone. */
  async withToken<T>(account: AccountRow, call: (accessToken: string) => Promise<T>): Promise<T> {
    const accessToken = await this.accessTokenOf(account);
    try {
      return await call(accessToken);
    } catch (error) {
      if (error instanceof EbayError && error.kind === 'refused') return this.revoke(account, error.message);
      throw error;
    }
  }

  private async revoke(account: AccountRow, why: string): Promise<never> {
    await this.orm
      .update(ebayAccounts)
      .set({ status: 'revoked', accessToken: null, accessExpiresAt: null, importProblem: EBAY_MESSAGES.revoked })
      .where(eq(ebayAccounts.id, account.id));
    throw new EbayError('refused', why);
  }
}

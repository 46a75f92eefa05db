import { createHash, randomBytes } from 'node:crypto';
import {
  EBAY_CODES,
  EBAY_MESSAGES,
  type EbayAccount,
  type EbaySale,
  type EbaySaleState,
  MAX_EBAY_ACCOUNT_NAME,
  saleProblems,
} from '@portal/shared-contracts/ebay';
import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { ApiError, invalidInput, notFound } from '../../http/problem';
import type { IdentityService } from '../identity';
import { orderKeysOf, orderWithLineCount } from '../orders';
import { type EbayClient, EbayError } from './client';
import { type SaleRecord, saleOfEbayOrder } from './sale-mapping';
import { ebayAccounts, ebayFulfilments, ebaySales } from './schema';
import type { TokenCipher } from './token-cipher';
import { EbayTokens, ebayProblem } from './tokens';

type AccountRow = typeof ebayAccounts.$inferSelect;
type SaleRow = typeof ebaySales.$inferSelect;
type FulfilmentRow = typeof ebayFulfilments.$inferSelect;

/** An unfinished link's `state` is accepted this long (eBay's consent takes a person minutes). */
const STATE_TTL_MS = 30 * 60 * 1000;
/** Sales read per getOrders page (eBay allows 1–200). */
export const DEFAULT_PAGE_SIZE = 50;
/** At most this many pages per import: 50 × 40 = 2,000 sales awaiting shipment. */
const MAX_PAGES = 40;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');
const violation = (propertyPath: string, key: keyof typeof EBAY_CODES) => ({
  propertyPath,
  message: EBAY_MESSAGES[key],
  code: EBAY_CODES[key],
});

export interface EbayServiceOptions {
  /** Null: the integration is switched off (production without EBAY_CLIENT_ID): every call is 'unavailable'. */
  client: EbayClient | null;
  cipher: TokenCipher;
  now?: () => Date;
  pageSize?: number;
}

/**
 * A registered user's eBay accounts and the sales waiting in them (issue 15 items 1–3). Each user
 * sees only their own: another user's account or sale is the same 404 as a missing one. No answer
 * ever carries a token.
 */
export class EbayService {
  private readonly client: EbayClient | null;
  private readonly tokens: EbayTokens | null;
  private readonly now: () => Date;
  private readonly pageSize: number;

  constructor(
    private readonly orm: Orm,
    private readonly identity: IdentityService,
    options: EbayServiceOptions,
  ) {
    this.client = options.client;
    this.now = options.now ?? (() => new Date());
    this.tokens = options.client ? new EbayTokens(orm, options.client, options.cipher, this.now) : null;
    this.cipher = options.cipher;
    this.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  }

  private readonly cipher: TokenCipher;

  // ---- accounts ----------------------------------------------------------------------------

  async accounts(principal: Principal): Promise<EbayAccount[]> {
    const user = await this.identity.known(principal);
    if (!user) return [];
    const rows = await this.orm
      .select()
      .from(ebayAccounts)
      .where(eq(ebayAccounts.userId, user.id))
      .orderBy(asc(ebayAccounts.id));
    return rows.map(accountView);
  }

  /** Starts linking a new account: an unfinished link and the consent page to send the browser to. */
  async startLink(principal: Principal, name: string): Promise<{ account: EbayAccount; consentUrl: string }> {
    const client = this.requireClient();
    const userId = await this.userId(principal);
    const state = randomBytes(32).toString('base64url');
    const [row] = await this.orm
      .insert(ebayAccounts)
      .values({
        userId,
        name: checkedName(name),
        stateHash: hashState(state),
        stateExpiresAt: new Date(this.now().getTime() + STATE_TTL_MS),
        createdAt: this.now(),
      })
      .returning();
    if (!row) throw new Error('ebay account insert returned no row');
    return { account: accountView(row), consentUrl: client.consentUrl(state) };
  }

  /** Completes an unfinished link, or links a revoked account again: a new consent. */
  async relink(principal: Principal, id: number): Promise<{ account: EbayAccount; consentUrl: string }> {
    const account = await this.ownAccount(principal, id);
    const client = this.requireClient();
    const state = randomBytes(32).toString('base64url');
    const [row] = await this.orm
      .update(ebayAccounts)
      .set({ stateHash: hashState(state), stateExpiresAt: new Date(this.now().getTime() + STATE_TTL_MS) })
      .where(eq(ebayAccounts.id, account.id))
      .returning();
    return { account: accountView(row ?? account), consentUrl: client.consentUrl(state) };
  }

  /**
   * eBay sent the browser back to `/user/ebay/accounts/accepted` with `state` and `code` (or
   * `error`): the state must be one this user started and not expired; the code is exchanged for
   * tokens at eBay's token endpoint, then the account's sales are read.
   */
  async accept(
    principal: Principal,
    answer: { state: string; code?: string | undefined; error?: string | undefined },
  ): Promise<EbayAccount> {
    const userId = await this.userId(principal);
    const [account] = await this.orm
      .select()
      .from(ebayAccounts)
      .where(and(eq(ebayAccounts.userId, userId), eq(ebayAccounts.stateHash, hashState(answer.state))));
    if (!account?.stateExpiresAt || account.stateExpiresAt.getTime() < this.now().getTime()) {
      throw invalidInput(422, [violation('state', 'badState')]);
    }
    // A state serves one answer: a replayed or second return finds nothing.
    await this.orm
      .update(ebayAccounts)
      .set({ stateHash: null, stateExpiresAt: null })
      .where(eq(ebayAccounts.id, account.id));
    if (answer.error || !answer.code) throw invalidInput(422, [violation('code', 'consentDeclined')]);
    let tokens: Awaited<ReturnType<EbayClient['exchangeCode']>>;
    try {
      tokens = await this.requireClient().exchangeCode(answer.code);
    } catch (error) {
      if (error instanceof EbayError && error.kind !== 'unavailable') {
        throw invalidInput(422, [violation('code', 'codeRefused')]);
      }
      throw ebayProblem(error, 'code');
    }
    if (!tokens.refreshToken) throw invalidInput(422, [violation('code', 'codeRefused')]);
    const [linked] = await this.orm
      .update(ebayAccounts)
      .set({
        status: 'linked',
        accessToken: this.cipher.seal(tokens.accessToken),
        accessExpiresAt: new Date(this.now().getTime() + tokens.expiresIn * 1000),
        refreshToken: this.cipher.seal(tokens.refreshToken),
        importProblem: null,
      })
      .where(eq(ebayAccounts.id, account.id))
      .returning();
    if (!linked) throw notFound();
    // The sales come with the link; when eBay does not answer now, the account says so and the
    // scheduled import or "Refresh" reads them later.
    return accountView(await this.importQuietly(linked));
  }

  async rename(principal: Principal, id: number, name: string): Promise<EbayAccount> {
    const account = await this.ownAccount(principal, id);
    const [row] = await this.orm
      .update(ebayAccounts)
      .set({ name: checkedName(name) })
      .where(eq(ebayAccounts.id, account.id))
      .returning();
    return accountView(row ?? account);
  }

  /** Unlinks (or deletes an unfinished link): the account, its tokens and its sales go. */
  async remove(principal: Principal, id: number): Promise<void> {
    const account = await this.ownAccount(principal, id);
    await this.orm.delete(ebayAccounts).where(eq(ebayAccounts.id, account.id));
  }

  // ---- sales -------------------------------------------------------------------------------

  /** Reads every linked account's sales again ("Refresh"); answers the accounts with their problems. */
  async refresh(principal: Principal): Promise<EbayAccount[]> {
    const user = await this.identity.known(principal);
    if (!user) return [];
    const rows = await this.orm
      .select()
      .from(ebayAccounts)
      .where(and(eq(ebayAccounts.userId, user.id), eq(ebayAccounts.status, 'linked')));
    for (const row of rows) await this.importQuietly(row);
    return this.accounts(principal);
  }

  /** The scheduled import: every linked account of every user. */
  async refreshAll(): Promise<void> {
    if (!this.client) return;
    const rows = await this.orm.select().from(ebayAccounts).where(eq(ebayAccounts.status, 'linked'));
    for (const row of rows) await this.importQuietly(row);
  }

  /**
   * Reads the account's orders awaiting fulfilment page by page (getOrders with the fulfilment
   * status filter) and stores them. Sales the portal has not touched are replaced by eBay's
   * current copy, and those eBay no longer lists (shipped or cancelled elsewhere) go; a sale made
   * into a shipment keeps what the shipment was made from.
   */
  async importSales(account: AccountRow): Promise<void> {
    const tokens = this.requireTokens();
    if (!account.ebayUserId) {
      // Who the seller is on eBay, once: an account deletion notice names the eBay user.
      const user = await tokens.withToken(account, (token) => this.requireClient().getUser(token));
      await this.orm
        .update(ebayAccounts)
        .set({ ebayUserId: user.userId, ebayUsername: user.username })
        .where(eq(ebayAccounts.id, account.id));
    }
    const records: SaleRecord[] = [];
    for (let page = 0, offset = 0; page < MAX_PAGES; page += 1) {
      const answer = await tokens.withToken(account, (token) =>
        this.requireClient().getOrders(token, { limit: this.pageSize, offset }),
      );
      for (const order of answer.orders) {
        const record = saleOfEbayOrder(order);
        if (record) records.push(record);
      }
      offset += this.pageSize;
      if (answer.orders.length === 0 || offset >= answer.total) break;
    }
    const now = this.now();
    await this.orm.transaction(async (tx) => {
      for (const record of records) {
        await tx
          .insert(ebaySales)
          .values({ ebayAccountId: account.id, ...record, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: [ebaySales.ebayAccountId, ebaySales.ebayOrderId],
            set: {
              soldAt: record.soldAt,
              buyer: record.buyer,
              address: record.address,
              items: record.items,
              total: record.total,
              updatedAt: now,
            },
            setWhere: eq(ebaySales.state, 'waiting'),
          });
      }
      const listed = records.map((record) => record.ebayOrderId);
      await tx
        .delete(ebaySales)
        .where(
          and(
            eq(ebaySales.ebayAccountId, account.id),
            eq(ebaySales.state, 'waiting'),
            ...(listed.length > 0 ? [notInArray(ebaySales.ebayOrderId, listed)] : []),
          ),
        );
      await tx
        .update(ebayAccounts)
        .set({ importedAt: now, importProblem: null })
        .where(eq(ebayAccounts.id, account.id));
    });
  }

  private async importQuietly(account: AccountRow): Promise<AccountRow> {
    try {
      await this.importSales(account);
    } catch (error) {
      const off = error instanceof ApiError && error.message === EBAY_MESSAGES.notOffered;
      if (!(error instanceof EbayError) && !off) throw error;
      const problem = off
        ? EBAY_MESSAGES.notOffered
        : (error as EbayError).kind === 'refused'
          ? EBAY_MESSAGES.revoked
          : EBAY_MESSAGES.unavailable;
      await this.orm.update(ebayAccounts).set({ importProblem: problem }).where(eq(ebayAccounts.id, account.id));
    }
    const [row] = await this.orm.select().from(ebayAccounts).where(eq(ebayAccounts.id, account.id));
    return row ?? account;
  }

  async sales(principal: Principal): Promise<EbaySale[]> {
    const user = await this.identity.known(principal);
    if (!user) return [];
    const rows = await this.orm
      .select({ sale: ebaySales, account: ebayAccounts, fulfilment: ebayFulfilments })
      .from(ebaySales)
      .innerJoin(ebayAccounts, eq(ebayAccounts.id, ebaySales.ebayAccountId))
      .leftJoin(ebayFulfilments, eq(ebayFulfilments.saleId, ebaySales.id))
      .where(eq(ebayAccounts.userId, user.id))
      .orderBy(desc(ebaySales.soldAt), asc(ebaySales.id));
    // The key of the order made from each sale (the orders module's; a deleted order has none).
    const keyOf = await orderKeysOf(
      this.orm,
      rows.flatMap((row) => (row.sale.orderId === null ? [] : [row.sale.orderId])),
    );
    return rows.map((row) =>
      saleView(
        row.sale,
        row.account,
        row.fulfilment,
        row.sale.orderId === null ? null : (keyOf.get(row.sale.orderId) ?? null),
      ),
    );
  }

  async sale(principal: Principal, id: number): Promise<EbaySale> {
    const found = (await this.sales(principal)).find((sale) => sale.id === id);
    if (!found) throw notFound();
    return found;
  }

  /**
   * "Ship": the order the wizard made from the sale (`/api/orders/{key}`, the caller's own, not paid)
   * becomes the sale's shipment.
   */
  async attachOrder(principal: Principal, saleId: number, orderKey: string): Promise<EbaySale> {
    const [sale] = await this.attachSales(principal, orderKey, [saleId], (field) => field);
    if (!sale) throw notFound();
    return sale;
  }

  /**
   * "Ship selected" (the bulk path): the order made of several sales at once, one line each, in the
   * order of `saleIds` (sale i is the order's line i) becomes their shipment. The order must be the
   * caller's own, not paid, with exactly that many lines and serving no other sale; each sale the
   * caller's, not shipped, with an address. Nothing is attached unless all are.
   */
  attachOrderLines(principal: Principal, orderKey: string, saleIds: readonly number[]): Promise<EbaySale[]> {
    return this.attachSales(principal, orderKey, saleIds, (field, index) => `sales[${index}].${field}`);
  }

  private async attachSales(
    principal: Principal,
    orderKey: string,
    saleIds: readonly number[],
    pathOf: (field: string, index: number) => string,
  ): Promise<EbaySale[]> {
    const userId = await this.userId(principal);
    const own = new Map((await this.sales(principal)).map((sale) => [sale.id, sale]));
    const problems = saleIds.flatMap((id, index) => {
      const sale = own.get(id);
      if (!sale) return [];
      if (sale.state === 'shipped') return [violation(pathOf('order', index), 'alreadyShipped')];
      const blockers = saleProblems(sale);
      if (blockers.includes('NO_ADDRESS')) return [violation(pathOf('address', index), 'noAddress')];
      if (blockers.includes('TOO_MANY_ITEMS')) return [violation(pathOf('items', index), 'tooManyItems')];
      return [];
    });
    // Another user's sale, or none: as if it did not exist (nobody learns of another's sales).
    if (saleIds.some((id) => !own.has(id))) throw notFound();
    if (problems.length > 0) throw invalidInput(422, problems);
    const order = await orderWithLineCount(this.orm, orderKey);
    if (!order || order.userId !== userId || order.status !== 'unfinished' || order.lineCount !== saleIds.length) {
      throw invalidInput(422, [violation('order', 'orderNotUsable')]);
    }
    await this.orm
      .transaction(async (tx) => {
        for (const [index, saleId] of saleIds.entries()) {
          const updated = await tx
            .update(ebaySales)
            .set({ orderId: order.id, orderLine: index, state: 'prepared', updatedAt: this.now() })
            .where(and(eq(ebaySales.id, saleId), inArray(ebaySales.state, ['waiting', 'prepared'])))
            .returning({ id: ebaySales.id });
          // Shipped meanwhile (its order was paid between the check and now).
          if (updated.length === 0) throw invalidInput(422, [violation(pathOf('order', index), 'alreadyShipped')]);
        }
      })
      .catch((error: unknown) => {
        // The unique (order, line) index: the order already serves other sales.
        if (
          String(
            (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code,
          ) === '23505'
        ) {
          throw invalidInput(422, [violation('order', 'orderNotUsable')]);
        }
        throw error;
      });
    const after = new Map((await this.sales(principal)).map((sale) => [sale.id, sale]));
    return saleIds.flatMap((id) => after.get(id) ?? []);
  }

  // ---- helpers -----------------------------------------------------------------------------

  private async userId(principal: Principal): Promise<number> {
    const user = await this.identity.known(principal);
    if (!user) throw notFound('Account not found.');
    return user.id;
  }

  private async ownAccount(principal: Principal, id: number): Promise<AccountRow> {
    const userId = await this.userId(principal);
    const [account] = await this.orm
      .select()
      .from(ebayAccounts)
      .where(and(eq(ebayAccounts.id, id), eq(ebayAccounts.userId, userId)));
    if (!account) throw notFound();
    return account;
  }

  private requireClient(): EbayClient {
    if (!this.client) throw integrationOff();
    return this.client;
  }

  private requireTokens(): EbayTokens {
    if (!this.tokens) throw integrationOff();
    return this.tokens;
  }
}

/**
 * The integration is switched off (production without EBAY_CLIENT_ID): 503, and a message that
 * says so, not that eBay failed to answer (no call to eBay was made).
 */
function integrationOff(): ApiError {
  return new ApiError(503, EBAY_MESSAGES.notOffered, [violation('', 'notOffered')]);
}

function checkedName(name: string): string {
  const tidy = name.replace(/\s+/g, ' ').trim();
  if (!tidy)
    throw invalidInput(422, [{ propertyPath: 'name', message: EBAY_MESSAGES.nameBlank, code: 'EBAY_NAME_BLANK' }]);
  if (tidy.length > MAX_EBAY_ACCOUNT_NAME) {
    throw invalidInput(422, [{ propertyPath: 'name', message: EBAY_MESSAGES.nameTooLong, code: 'EBAY_NAME_TOO_LONG' }]);
  }
  return tidy;
}

function accountView(row: AccountRow): EbayAccount {
  return {
    '@id': `/api/ebay/accounts/${row.id}`,
    id: row.id,
    name: row.name,
    status: row.status as EbayAccount['status'],
    importedAt: row.importedAt?.toISOString() ?? null,
    importProblem: row.importProblem,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The buyer's phone as eBay gives it (`+37120000001`, or national digits) split into the calling
 * code and the number, as the portal's parties hold phones (libphonenumber-js; a national number is
 * read in the shipping country). Both null when it cannot be read as a phone.
 */
function buyerPhone(
  phone: string | null,
  countryCode: string | undefined,
): Pick<EbaySale['buyer'], 'phonePrefix' | 'phone'> {
  const parsed = phone
    ? parsePhoneNumberFromString(
        phone,
        isSupportedCountry(countryCode ?? '') ? (countryCode as CountryCode) : undefined,
      )
    : undefined;
  return parsed
    ? { phonePrefix: parsed.countryCallingCode, phone: parsed.nationalNumber }
    : { phonePrefix: null, phone: null };
}

function saleView(
  sale: SaleRow,
  account: AccountRow,
  fulfilment: FulfilmentRow | null,
  orderKey: string | null,
): EbaySale {
  // A prepared sale whose order was deleted is waiting again.
  const state: EbaySaleState = sale.state === 'prepared' && !orderKey ? 'waiting' : (sale.state as EbaySaleState);
  return {
    '@id': `/api/ebay/sales/${sale.id}`,
    id: sale.id,
    account: { id: account.id, name: account.name },
    ebayOrderId: sale.ebayOrderId,
    soldAt: sale.soldAt.toISOString(),
    buyer: { ...sale.buyer, ...buyerPhone(sale.buyer.phone, sale.address?.countryCode) },
    address: sale.address,
    items: sale.items,
    total: sale.total,
    state,
    order: orderKey ? `/api/orders/${orderKey}` : null,
    fulfilment: fulfilment
      ? {
          status: fulfilment.status as 'pending' | 'done',
          trackingNumber: fulfilment.trackingNumber,
          attempts: fulfilment.attempts,
          lastProblem: fulfilment.lastProblem,
          nextAttemptAt: fulfilment.status === 'pending' ? fulfilment.nextAttemptAt.toISOString() : null,
          doneAt: fulfilment.doneAt?.toISOString() ?? null,
        }
      : null,
  };
}

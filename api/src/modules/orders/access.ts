import { hasAdminRole } from '@portal/shared-contracts/admin';
import { ORDER_MESSAGES } from '@portal/shared-contracts/orders';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { ApiError, invalidInput, notFound } from '../../http/problem';
import { firstAccountOfUser, type IdentityService, isMemberOf } from '../identity';
import type { OrderRow } from './resource';
import { orders } from './schema';

/** Who calls: nobody (the /api/public twin) or a signed-in user, with the account they act for. */
export interface Caller {
  principal: Principal | null;
  /** The active account named by the `x-account-id` header, the body's `account` or the query. */
  accountId: number | null;
}

/** A call made with a test API key (issue 38): its orders are test-mode orders. */
export const isTestCaller = (caller: Pick<Caller, 'principal'>): boolean => caller.principal?.apiKey?.mode === 'test';

export interface ResolvedUser {
  id: number;
  /** Back office (customer service or administrator): may read any registered user's order. */
  mayReadAnyOrder: boolean;
}

export const ACCOUNT_NOT_FOUND = 'Account not found.';
const ACCESS_DENIED = 'Access Denied.';

/**
 * The access rules of orders (orders-plan): a visitor's order (no account) is served only on
 * /api/public/orders/{key}, where the key is the capability; a registered user's order only on
 * /api/orders/{key}, to members of its account (customer service and administrators may read it). Anything else is
 * 404, so a key never reveals whether an order exists.
 */
export class OrderAccess {
  constructor(
    private readonly orm: Orm,
    private readonly identity: IdentityService,
  ) {}

  /**
   * The caller's user, or null when no sign-in recorded them yet (POST /api/my-user does): such a
   * caller belongs to no account, so every order is the uniform 404 to them. Nothing is written.
   */
  async user(principal: Principal): Promise<ResolvedUser | null> {
    const row = await this.identity.known(principal);
    return row ? { id: row.id, mayReadAnyOrder: hasAdminRole(row.adminRoles, ['customer_service']) } : null;
  }

  isMember(userId: number, accountId: number): Promise<boolean> {
    return isMemberOf(this.orm, userId, accountId);
  }

  /**
   * The account a new order (or the list) belongs to: the one the caller names, if they are a
   * member, else their first account. Visitors: none.
   */
  async accountFor(caller: Caller): Promise<{ userId: number | null; accountId: number | null }> {
    if (!caller.principal) return { userId: null, accountId: null };
    // A company's API key acts for its account and is nobody: its orders have no user.
    if (caller.principal.apiKey) return { userId: null, accountId: caller.principal.accountId };
    if (caller.accountId !== null) {
      const known = await this.identity.knownMember(caller.principal, caller.accountId);
      if (known?.member) return { userId: known.user.id, accountId: caller.accountId };
      throw new ApiError(403, ACCESS_DENIED);
    }
    const user = await this.user(caller.principal);
    if (!user) {
      throw invalidInput(422, [{ propertyPath: 'account', message: ACCOUNT_NOT_FOUND, code: 'ACCOUNT_NOT_FOUND' }]);
    }
    const first = await firstAccountOfUser(this.orm, user.id);
    if (first === undefined) {
      throw invalidInput(422, [{ propertyPath: 'account', message: ACCOUNT_NOT_FOUND, code: 'ACCOUNT_NOT_FOUND' }]);
    }
    return { userId: user.id, accountId: first };
  }

  /** The order with this key if the caller may read it, else the uniform 404 (the hand-over's QR answers so). */
  async readable(caller: Caller, key: string): Promise<OrderRow> {
    const [row] = await this.orm.select().from(orders).where(eq(orders.key, key));
    return this.check(caller, row, 'read');
  }

  /** Throws 404 unless the caller may see (`write`: change) the order. */
  async check(caller: Caller, order: OrderRow | undefined, mode: 'read' | 'write'): Promise<OrderRow> {
    // A deleted account's orders are archived: no key and no user reaches them (archive.ts).
    if (!order || order.archivedAt !== null) throw notFound(ORDER_MESSAGES.orderNotFound);
    // A test key's orders exist for its account's test keys only, and theirs are only those (issue 38).
    if (order.testMode !== isTestCaller(caller)) throw notFound(ORDER_MESSAGES.orderNotFound);
    if (!caller.principal) {
      if (order.accountId === null) return order;
      throw notFound(ORDER_MESSAGES.orderNotFound);
    }
    if (order.accountId === null) throw notFound(ORDER_MESSAGES.orderNotFound);
    if (caller.principal.apiKey) {
      if (order.accountId === caller.principal.accountId) return order;
      throw notFound(ORDER_MESSAGES.orderNotFound);
    }
    const user = await this.user(caller.principal);
    if (!user) throw notFound(ORDER_MESSAGES.orderNotFound);
    if (await this.isMember(user.id, order.accountId)) return order;
    if (mode === 'read' && user.mayReadAnyOrder) return order;
    throw notFound(ORDER_MESSAGES.orderNotFound);
  }
}

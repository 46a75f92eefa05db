import { ROLE_MAIN_ADMIN } from '@portal/shared-contracts/account';
import {
  type CustomerReturnMode,
  DEFAULT_CUSTOMER_RETURN_MODE,
  isCustomerReturnMode,
  RETURN_CODES,
  RETURN_MESSAGES,
} from '@portal/shared-contracts/returns';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { ApiError, invalidInput, notFound } from '../../http/problem';
import { accountTypeOf, type IdentityService } from '../identity';
import { returnSettings } from './schema';

const messages = RETURN_MESSAGES.en;

/**
 * A company account's return settings (its customers' returns on /returns: off, the shop pays, the
 * customer pays). Read by any member of the company account, changed by its main administrator; an
 * API key of the account with the `returns` scope (checked by the api-keys route guard) does both.
 * Another account's settings answer 404 as it does not exist (identity.member); a private account 403.
 */
export class ReturnSettingsService {
  constructor(
    private readonly orm: Orm,
    private readonly identity: IdentityService,
    private readonly now: () => Date,
  ) {}

  async read(principal: Principal, accountId: number): Promise<CustomerReturnMode> {
    await this.authorise(principal, accountId, 'read');
    return customerReturnMode(this.orm, accountId);
  }

  async write(principal: Principal, accountId: number, customerReturns: unknown): Promise<CustomerReturnMode> {
    await this.authorise(principal, accountId, 'write');
    if (!isCustomerReturnMode(customerReturns)) {
      throw invalidInput(422, [
        { propertyPath: 'customerReturns', message: messages.settingInvalid, code: RETURN_CODES.settingInvalid },
      ]);
    }
    const updatedAt = this.now();
    await this.orm
      .insert(returnSettings)
      .values({ accountId, customerReturns, updatedAt })
      .onConflictDoUpdate({ target: returnSettings.accountId, set: { customerReturns, updatedAt } });
    return customerReturns;
  }

  private async authorise(principal: Principal, accountId: number, mode: 'read' | 'write'): Promise<void> {
    if (principal.apiKey) {
      // Keys are made for company accounts only; another account's key learns nothing of this one.
      if (principal.accountId !== accountId) throw notFound('Account not found.');
      return;
    }
    const { role } = await this.identity.member(principal, accountId);
    if ((await accountTypeOf(this.orm, accountId)) !== 'company') {
      throw new ApiError(403, messages.notCompany, [
        { propertyPath: 'account', message: messages.notCompany, code: RETURN_CODES.notCompany },
      ]);
    }
    if (mode === 'write' && role !== ROLE_MAIN_ADMIN) {
      throw new ApiError(403, messages.notAllowed, [
        // Beside the choice the caller tried to change.
        { propertyPath: 'customerReturns', message: messages.notAllowed, code: RETURN_CODES.notAllowed },
      ]);
    }
  }
}

/** The account's choice for customer-started returns; the default when it never chose. */
export async function customerReturnMode(orm: Orm, accountId: number): Promise<CustomerReturnMode> {
  const [row] = await orm
    .select({ customerReturns: returnSettings.customerReturns })
    .from(returnSettings)
    .where(eq(returnSettings.accountId, accountId));
  return row?.customerReturns ?? DEFAULT_CUSTOMER_RETURN_MODE;
}

import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { ApiError, invalidInput } from '../../http/problem';
import { firstAccountOfUser, type IdentityService } from '../identity';

export const ACCOUNT_NOT_FOUND = 'Account not found.';
const ACCESS_DENIED = 'Access Denied.';

/**
 * Whose book a call reads or changes: the active account (the `x-account-id` header) if the
 * caller is a member of it, else the caller's first account. Every member of a company account
 * shares its book; a private account has one member, so its book is private. Naming an account
 * the caller is not a member of is 403; the book's rows are then only ever filtered by this id.
 */
export class AddressBookAccess {
  constructor(
    private readonly orm: Orm,
    private readonly identity: IdentityService,
  ) {}

  async accountOf(principal: Principal, named: number | null): Promise<number> {
    const userId = await this.userId(principal);
    const accountId = await firstAccountOfUser(this.orm, userId, named ?? undefined);
    if (accountId !== undefined) return accountId;
    if (named !== null) throw new ApiError(403, ACCESS_DENIED);
    throw invalidInput(422, [{ propertyPath: 'account', message: ACCOUNT_NOT_FOUND, code: 'ACCOUNT_NOT_FOUND' }]);
  }

  /** The caller's user id; -1 (no one's) when no sign-in recorded them: they belong to no account. */
  private async userId(principal: Principal): Promise<number> {
    return (await this.identity.known(principal))?.id ?? -1;
  }
}

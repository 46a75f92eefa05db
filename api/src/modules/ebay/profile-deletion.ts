import { eq } from 'drizzle-orm';
import type { Orm } from '../../db';
import type { DomainEvent, EventConsumer } from '../events';
import { ebayAccounts } from './schema';

/**
 * A deleted profile's eBay links (issue 37 item 2): the `profile.deleted` consumer deletes the
 * user's linked accounts with their sealed tokens, sales and fulfilment rows (those two by
 * cascade), as unlinking each one would. Needed because the user row stays, marked deleted, so
 * `ebay_accounts.user_id`'s cascade never fires. An account's deletion alone changes nothing here:
 * eBay links are the user's (the profile page's), not an account's, and the user keeps them.
 *
 * Nothing is revoked at eBay: eBay offers no call that revokes a user's refresh token (the seller
 * withdraws the application's access in their eBay account settings), and the stand-in
 * (infra/ebay-standin) speaks none. Forgetting the tokens is what the portal can do; a fulfilment
 * still waiting for a sale that went is dropped by its `ebay.fulfil` job (its sale is gone).
 */
export function forgetEbayLinksOfDeletedProfiles(orm: Orm): EventConsumer {
  return {
    kind: 'ebay.profile-deleted',
    on: { 'profile.deleted': (event) => forget(orm, event) },
  };
}

async function forget(orm: Orm, { data }: DomainEvent<'profile.deleted'>): Promise<void> {
  // Deleting what is there: a repeated job finds nothing and does nothing.
  await orm.delete(ebayAccounts).where(eq(ebayAccounts.userId, data.userId));
}

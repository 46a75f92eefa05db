import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import { IdentityService } from '../identity';
import { AddressBookAccess } from './access';
import { addressBookRoutes } from './routes';
import { AddressBookService } from './service';
import { AddressBookTransfer } from './transfer';

export type { AddressBookService } from './service';

/**
 * The address book (issue 12, SPEC §1, §3, §5): contacts and contact groups of the active
 * account under /api/contacts and /api/contact_groups. Login required: there is no public twin.
 */
export const addressBookModule: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  const access = new AddressBookAccess(db.orm, new IdentityService(db.orm));
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(addressBookRoutes, {
        service: new AddressBookService(db.orm),
        access,
        transfer: new AddressBookTransfer(db.orm),
      });
    },
    { prefix: '/api' },
  );
};

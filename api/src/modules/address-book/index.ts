import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import type { IdentityService } from '../identity';
import { AddressBookAccess } from './access';
import { addressBookRoutes } from './routes';
import { AddressBookService } from './service';
import { AddressBookTransfer } from './transfer';
import { workbookWriter } from './workbook-writer';

export type { AddressBookService } from './service';
// Spreadsheet cells that must never turn into formulas (the notifications export writes texts too).

/**
 * The address book (issue 12, SPEC §1, §3, §5): contacts and contact groups of the active
 * account under /api/contacts and /api/contact_groups. Login required: there is no public twin.
 */
export const addressBookModule: FastifyPluginAsync<{
  db: Database;
  /** Built by the composition root: whose book a caller reads. */
  identity: IdentityService;
  /** Worker threads writing export workbooks (DOCUMENT_WORKERS); 0: in the request's thread. */
  documentWorkers?: number;
}> = async (app, { db, identity, documentWorkers = 0 }) => {
  const access = new AddressBookAccess(db.orm, identity);
  const workbooks = workbookWriter(documentWorkers);
  app.addHook('onClose', workbooks.close);
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(addressBookRoutes, {
        service: new AddressBookService(db.orm),
        access,
        transfer: new AddressBookTransfer(db.orm),
        write: workbooks.write,
      });
    },
    { prefix: '/api' },
  );
};

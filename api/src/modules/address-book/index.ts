import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import type { WorkbookWriter } from '../../spreadsheet/workbook-writer';
import type { IdentityService } from '../identity';
import { AddressBookAccess } from './access';
import { addressBookRoutes } from './routes';
import { AddressBookService } from './service';
import { AddressBookTransfer } from './transfer';

export type { AddressBookService } from './service';

// Spreadsheet cells that must never turn into formulas (the notifications export writes texts too).

/**
 * The address book (issue 12, SPEC §1, §3, §5): contacts and contact groups of the active
 * account under /api/contacts and /api/contact_groups. Login required: there is no public twin.
 */
const addressBookPlugin: FastifyPluginAsync<{
  db: Database;
  /** Built by the composition root: whose book a caller reads. */
  identity: IdentityService;
  /** Writes the export workbooks (the composition root's, on worker threads). */
  workbooks: WorkbookWriter;
}> = async (app, { db, identity, workbooks }) => {
  const access = new AddressBookAccess(db.orm, identity);
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(addressBookRoutes, {
        service: new AddressBookService(db.orm),
        access,
        transfer: new AddressBookTransfer(db.orm),
        workbooks,
      });
    },
    { prefix: '/api' },
  );
};

export const addressBookModule = apiModule(addressBookPlugin, { name: 'address-book' });

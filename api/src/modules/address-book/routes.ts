import { MAX_IMPORT_BYTES, SPREADSHEET_MESSAGES, XLSX_MIME } from '@portal/shared-contracts/address-book';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { invalidInput } from '../../http/problem';
import { parseBody, parseNoQuery, parseParams, parseQuery } from '../../http/validate';
import type { AddressBookAccess } from './access';
import {
  bulkDeleteBody,
  contactListQuery,
  exportQuery,
  groupListQuery,
  idParams,
  importQuery,
  parseContactBody,
  parseGroupBody,
  templateQuery,
} from './model';
import type { AddressBookService } from './service';
import { readContactsWorkbook } from './spreadsheet';
import type { AddressBookTransfer } from './transfer';
import { type WorkbookWriter, writeWorkbook } from './workbook-writer';

export interface AddressBookRoutesOptions {
  service: AddressBookService;
  access: AddressBookAccess;
  transfer: AddressBookTransfer;
  /** Writes export files; worker threads when the module has them (DOCUMENT_WORKERS). */
  write?: WorkbookWriter;
}

const stringQuery = (query: unknown) =>
  Object.fromEntries(
    Object.entries(query as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );

/** Contacts and groups (issue 12), signed-in callers only; every call acts on the active account's book. */
export const addressBookRoutes: FastifyPluginAsync<AddressBookRoutesOptions> = async (
  app,
  { service, access, transfer, write = writeWorkbook },
) => {
  const accountOf = (request: FastifyRequest) => {
    // requireAuthentication ran before: the principal is set, with the account the client named.
    const principal = request.principal as NonNullable<typeof request.principal>;
    return access.accountOf(principal, principal.accountId);
  };
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && reply.getHeader('content-type') === undefined) reply.type(JSON_LD);
    return payload;
  });

  app.get('/contacts', async (request) => {
    const query = parseQuery(contactListQuery, request.query);
    const { members, total } = await service.listContacts(await accountOf(request), query);
    return hydraCollection({
      context: '/api/contexts/Contact',
      path: '/api/contacts',
      members,
      totalItems: total,
      paging: { page: query.page, itemsPerPage: query.itemsPerPage },
      query: stringQuery(request.query),
    });
  });

  app.post('/contacts', async (request, reply) => {
    parseNoQuery(request.query);
    const body = parseContactBody(request.body);
    return reply.code(201).send(await service.createContact(await accountOf(request), body));
  });

  app.post('/contacts/bulk_delete', async (request) => {
    parseNoQuery(request.query);
    const { ids } = parseBody(bulkDeleteBody, request.body);
    return { deleted: await service.deleteContacts(await accountOf(request), ids) };
  });

  const sendWorkbook = (reply: FastifyReply, name: string, file: Buffer) =>
    reply
      .type(XLSX_MIME)
      .header('content-disposition', `attachment; filename="${name}.xlsx"`)
      .header('cache-control', 'private, no-store')
      .send(file);

  app.get('/contacts/export', async (request, reply) => {
    const { lang, group, ids } = parseQuery(exportQuery, request.query);
    const rows = await transfer.exportRows(await accountOf(request), { group, ids });
    return sendWorkbook(reply, lang === 'lv' ? 'adresu-gramata' : 'address-book', await write({ rows, locale: lang }));
  });

  app.get('/contacts/template', async (request, reply) => {
    const { lang } = parseQuery(templateQuery, request.query);
    await accountOf(request);
    return sendWorkbook(
      reply,
      lang === 'lv' ? 'adresu-gramata-veidne' : 'address-book-template',
      await write({ rows: [], locale: lang }),
    );
  });

  // The file is the body itself (no multipart): type checked by content, not by this header.
  app.addContentTypeParser(
    [XLSX_MIME, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post('/contacts/import', async (request) => {
    const { mode } = parseQuery(importQuery, request.query);
    const accountId = await accountOf(request);
    if (!Buffer.isBuffer(request.body)) {
      throw invalidInput(400, [{ propertyPath: 'file', message: SPREADSHEET_MESSAGES.notXlsx, code: 'NOT_XLSX' }]);
    }
    const sheet = await readContactsWorkbook(request.body);
    return transfer.importRows(accountId, sheet, mode === 'all');
  });

  app.get('/contacts/:id', async (request) => {
    const { id } = parseParams(idParams, request.params);
    parseNoQuery(request.query);
    return service.getContact(await accountOf(request), id);
  });

  app.put('/contacts/:id', async (request) => {
    const { id } = parseParams(idParams, request.params);
    parseNoQuery(request.query);
    const body = parseContactBody(request.body);
    return service.updateContact(await accountOf(request), id, body);
  });

  app.delete('/contacts/:id', async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    await service.deleteContact(await accountOf(request), id);
    return reply.code(204).send();
  });

  app.get('/contact_groups', async (request) => {
    const query = parseQuery(groupListQuery, request.query);
    const { members, total } = await service.listGroups(await accountOf(request), query);
    return hydraCollection({
      context: '/api/contexts/ContactGroup',
      path: '/api/contact_groups',
      members,
      totalItems: total,
      paging: { page: query.page, itemsPerPage: query.itemsPerPage },
      query: stringQuery(request.query),
    });
  });

  app.post('/contact_groups', async (request, reply) => {
    parseNoQuery(request.query);
    const body = parseGroupBody(request.body);
    return reply.code(201).send(await service.createGroup(await accountOf(request), body));
  });

  app.put('/contact_groups/:id', async (request) => {
    const { id } = parseParams(idParams, request.params);
    const body = parseGroupBody(request.body);
    return service.renameGroup(await accountOf(request), id, body);
  });

  app.delete('/contact_groups/:id', async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    await service.deleteGroup(await accountOf(request), id);
    return reply.code(204).send();
  });
};

import {
  contactGroupResourceSchema,
  contactGroupWriteSchema,
  contactResourceSchema,
  contactWriteSchema,
  importReportSchema,
  MAX_IMPORT_BYTES,
  SPREADSHEET_MESSAGES,
  XLSX_MIME,
} from '@portal/shared-contracts/address-book';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { described, errorAnswers, fileAnswer, hydraCollectionAnswer, noContent } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD, linkQueryOf } from '../../http/hydra';
import { invalidInput } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import type { WorkbookWriter } from '../../spreadsheet/workbook-writer';
import type { AddressBookAccess } from './access';
import {
  bulkDeleteBody,
  contactListQuery,
  exportQuery,
  groupListQuery,
  idParams,
  importQuery,
  templateQuery,
} from './model';
import type { AddressBookService } from './service';
import { contactsWorkbook, readContactsWorkbook } from './spreadsheet';
import type { AddressBookTransfer } from './transfer';

export interface AddressBookRoutesOptions {
  service: AddressBookService;
  access: AddressBookAccess;
  transfer: AddressBookTransfer;
  /** Writes export files (on the API's workbook writers: DOCUMENT_WORKERS). */
  workbooks: WorkbookWriter;
}

const tags = ['Address book'];
const contactAnswer = contactResourceSchema;
const groupAnswer = contactGroupResourceSchema;

/** Contacts and groups (issue 12), signed-in callers only; every call acts on the active account's book. */
export const addressBookRoutes: FastifyPluginAsync<AddressBookRoutesOptions> = async (
  plain,
  { service, access, transfer, workbooks },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const accountOf = (request: FastifyRequest) => {
    // requireAuthentication ran before: the principal is set, with the account the client named.
    const principal = request.principal as NonNullable<typeof request.principal>;
    return access.accountOf(principal, principal.accountId);
  };
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && reply.getHeader('content-type') === undefined) reply.type(JSON_LD);
    return payload;
  });

  app.get(
    '/contacts',
    {
      schema: {
        summary: 'List the contacts of the active account’s address book',
        tags,
        querystring: contactListQuery,
        response: { 200: hydraCollectionAnswer(contactAnswer, 'One page of contacts.'), ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      const query = request.query;
      const { members, total } = await service.listContacts(await accountOf(request), query);
      return hydraCollection({
        context: '/api/contexts/Contact',
        path: '/api/contacts',
        members,
        totalItems: total,
        paging: { page: query.page, itemsPerPage: query.itemsPerPage },
        query: linkQueryOf(request),
      });
    },
  );

  app.post(
    '/contacts',
    {
      schema: {
        summary: 'Add a contact',
        tags,
        querystring: NO_QUERY,
        body: contactWriteSchema,
        response: { 201: described(contactAnswer, 'The contact as stored.'), ...errorAnswers(400, 401, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createContact(await accountOf(request), request.body)),
  );

  app.post(
    '/contacts/bulk_delete',
    {
      schema: {
        summary: 'Delete several contacts at once',
        tags,
        querystring: NO_QUERY,
        body: bulkDeleteBody,
        response: {
          200: z.object({ deleted: z.int() }).describe('How many contacts were deleted.'),
          ...errorAnswers(400, 401, 422),
        },
      },
    },
    async (request) => ({ deleted: await service.deleteContacts(await accountOf(request), request.body.ids) }),
  );

  const sendWorkbook = (reply: FastifyReply, name: string, file: Buffer) =>
    reply
      .type(XLSX_MIME)
      .header('content-disposition', `attachment; filename="${name}.xlsx"`)
      .header('cache-control', 'private, no-store')
      .send(file);

  app.get(
    '/contacts/export',
    {
      schema: {
        summary: 'Download the book, a group or a selection as a spreadsheet (XLSX)',
        tags,
        querystring: exportQuery,
        response: { 200: fileAnswer(XLSX_MIME, 'The contacts, one row each.'), ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) => {
      const { lang, group, ids } = request.query;
      const rows = await transfer.exportRows(await accountOf(request), { group, ids });
      return sendWorkbook(
        reply,
        lang === 'lv' ? 'adresu-gramata' : 'address-book',
        await workbooks(contactsWorkbook(rows, lang)),
      );
    },
  );

  app.get(
    '/contacts/template',
    {
      schema: {
        summary: 'Download the empty import spreadsheet (XLSX) with its column headings',
        tags,
        querystring: templateQuery,
        response: { 200: fileAnswer(XLSX_MIME, 'The headings only.'), ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      await accountOf(request);
      return sendWorkbook(
        reply,
        lang === 'lv' ? 'adresu-gramata-veidne' : 'address-book-template',
        await workbooks(contactsWorkbook([], lang)),
      );
    },
  );

  // The file is the body itself (no multipart): type checked by content, not by this header.
  app.addContentTypeParser(
    [XLSX_MIME, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/contacts/import',
    {
      schema: {
        consumes: [XLSX_MIME, 'application/octet-stream'],
        summary: 'Import contacts from a spreadsheet (XLSX, the body itself)',
        description:
          'Rows with mistakes are reported by row and column; with `mode=all` the correct rows are imported even when others are not.',
        tags,
        querystring: importQuery,
        response: {
          200: described(importReportSchema, '"N rows incorrect of M", with each mistake.'),
          ...errorAnswers(400, 401, 413, 422, 503),
        },
      },
    },
    async (request) => {
      const { mode } = request.query;
      const accountId = await accountOf(request);
      if (!Buffer.isBuffer(request.body)) {
        throw invalidInput(400, [{ propertyPath: 'file', message: SPREADSHEET_MESSAGES.notXlsx, code: 'NOT_XLSX' }]);
      }
      const sheet = await readContactsWorkbook(request.body);
      return transfer.importRows(accountId, sheet, mode === 'all');
    },
  );

  app.get(
    '/contacts/:id',
    {
      schema: {
        summary: 'Read a contact',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        response: { 200: described(contactAnswer, 'The contact.'), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => service.getContact(await accountOf(request), request.params.id),
  );

  app.put(
    '/contacts/:id',
    {
      schema: {
        summary: 'Change a contact',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        body: contactWriteSchema,
        response: { 200: described(contactAnswer, 'The contact as stored.'), ...errorAnswers(400, 401, 404, 422) },
      },
    },
    async (request) => service.updateContact(await accountOf(request), request.params.id, request.body),
  );

  app.delete(
    '/contacts/:id',
    {
      schema: {
        querystring: NO_QUERY,
        summary: 'Delete a contact',
        tags,
        params: idParams,
        response: { 204: noContent('Deleted.'), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteContact(await accountOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/contact_groups',
    {
      schema: {
        summary: 'List the contact groups',
        tags,
        querystring: groupListQuery,
        response: { 200: hydraCollectionAnswer(groupAnswer, 'One page of groups.'), ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      const query = request.query;
      const { members, total } = await service.listGroups(await accountOf(request), query);
      return hydraCollection({
        context: '/api/contexts/ContactGroup',
        path: '/api/contact_groups',
        members,
        totalItems: total,
        paging: { page: query.page, itemsPerPage: query.itemsPerPage },
        query: linkQueryOf(request),
      });
    },
  );

  app.post(
    '/contact_groups',
    {
      schema: {
        summary: 'Add a contact group',
        tags,
        querystring: NO_QUERY,
        body: contactGroupWriteSchema,
        response: { 201: described(groupAnswer, 'The group as stored.'), ...errorAnswers(400, 401, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createGroup(await accountOf(request), request.body)),
  );

  app.put(
    '/contact_groups/:id',
    {
      schema: {
        querystring: NO_QUERY,
        summary: 'Rename a contact group',
        tags,
        params: idParams,
        body: contactGroupWriteSchema,
        response: { 200: described(groupAnswer, 'The group as stored.'), ...errorAnswers(400, 401, 404, 422) },
      },
    },
    async (request) => service.renameGroup(await accountOf(request), request.params.id, request.body),
  );

  app.delete(
    '/contact_groups/:id',
    {
      schema: {
        querystring: NO_QUERY,
        summary: 'Delete a contact group (its contacts stay)',
        tags,
        params: idParams,
        response: { 204: noContent('Deleted.'), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteGroup(await accountOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

import type { ApiClient, CallQuery } from '@portal/shared-contracts';
import {
  ADDRESS_BOOK_PAGE_SIZE,
  type ContactGroupWrite,
  type ContactSortField,
  type ContactWrite,
} from '@portal/shared-contracts/address-book';
import { ACCOUNT_HEADER } from '@portal/shared-contracts/orders';

// The address book's calls (api/src/modules/address-book/README.md). Every call names the active
// account, so a user of several accounts sees the book of the one they act for.

export const CONTACTS_KEY = 'address-book-contacts';
export const GROUPS_KEY = 'address-book-groups';

export function accountHeaders(account: number | null): Record<string, string> | undefined {
  return account ? { [ACCOUNT_HEADER]: String(account) } : undefined;
}

export interface ContactSort {
  field: ContactSortField;
  direction: 'asc' | 'desc';
}

export interface ContactListParams {
  page: number;
  search: string;
  group: number | null;
  /** Only contacts of this country (two letters). */
  countryCode?: string | null;
  /** None: the server's order (by name). */
  sort?: ContactSort | null;
}

export function contactsQuery(api: ApiClient, account: number | null, params: ContactListParams) {
  const query: CallQuery<'/api/contacts', 'get'> = { page: params.page, itemsPerPage: ADDRESS_BOOK_PAGE_SIZE };
  if (params.search.trim()) query.search = params.search.trim();
  if (params.group) query.group = params.group;
  if (params.countryCode) query.countryCode = params.countryCode;
  if (params.sort) query[`order[${params.sort.field}]`] = params.sort.direction;
  return {
    queryKey: [CONTACTS_KEY, account, query],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.GET('/api/contacts', { query, headers: accountHeaders(account), signal }),
  };
}

/** Groups for the membership choice and the Groups tab (all of them: a book has few groups). */
export function groupsQuery(api: ApiClient, account: number | null, page = 1, itemsPerPage = 100) {
  return {
    queryKey: [GROUPS_KEY, account, page, itemsPerPage],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.GET('/api/contact_groups', {
        query: { page, itemsPerPage },
        headers: accountHeaders(account),
        signal,
      }),
  };
}

export function saveContact(api: ApiClient, account: number | null, id: number | null, body: ContactWrite) {
  const headers = accountHeaders(account);
  return id === null
    ? api.POST('/api/contacts', { body, headers })
    : api.PUT('/api/contacts/{id}', { path: { id }, body, headers });
}

export function deleteContact(api: ApiClient, account: number | null, id: number) {
  return api.DELETE('/api/contacts/{id}', { path: { id }, headers: accountHeaders(account) });
}

/** Deletes the chosen contacts of the book; answers how many went (ids already gone are not counted). */
export async function deleteContacts(api: ApiClient, account: number | null, ids: number[]): Promise<number> {
  const answer = await api.POST('/api/contacts/bulk_delete', { body: { ids }, headers: accountHeaders(account) });
  return answer.deleted;
}

export function createGroup(api: ApiClient, account: number | null, body: ContactGroupWrite) {
  return api.POST('/api/contact_groups', { body, headers: accountHeaders(account) });
}

export function renameGroup(api: ApiClient, account: number | null, id: number, body: ContactGroupWrite) {
  return api.PUT('/api/contact_groups/{id}', { path: { id }, body, headers: accountHeaders(account) });
}

export function deleteGroup(api: ApiClient, account: number | null, id: number) {
  return api.DELETE('/api/contact_groups/{id}', { path: { id }, headers: accountHeaders(account) });
}

export function downloadSpreadsheet(
  api: ApiClient,
  account: number | null,
  what: 'export' | 'template',
  lang: 'en' | 'lv',
): Promise<Blob> {
  return api.GET(what === 'export' ? '/api/contacts/export' : '/api/contacts/template', {
    query: { lang },
    responseType: 'blob',
    headers: accountHeaders(account),
  });
}

/** The file goes as it is; the API judges its type by content, so the browser's guess is not sent. */
export function importSpreadsheet(api: ApiClient, account: number | null, file: Blob, allOrNothing: boolean) {
  return api.POST('/api/contacts/import', {
    body: new Blob([file], { type: 'application/octet-stream' }),
    query: { mode: allOrNothing ? 'all' : 'valid' },
    headers: accountHeaders(account),
  });
}

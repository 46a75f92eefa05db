// Shipments in bulk (issue 12 item 5): the API's bulk calls. The shell's client names the active
// account on every signed-in call (x-account-id).
import { type ApiClient, lastSegment } from '@portal/shared-contracts';
import type { ContactGroupResource, ContactResource } from '@portal/shared-contracts/address-book';
import type { BulkReport, BulkRow, OrderLineWrite, OrderResource } from '@portal/shared-contracts/orders';

/** The file goes as it is; the API judges its type by content, so the browser's guess is not sent. */
export function uploadShipments(api: ApiClient, file: Blob): Promise<BulkReport> {
  return api.POST('/api/orders/bulk', { body: new Blob([file], { type: 'application/octet-stream' }) });
}

/** Rows fixed on the screen, checked again with the same rules. */
export function checkShipments(api: ApiClient, rows: { row: number; values: BulkRow }[]): Promise<BulkReport> {
  return api.POST('/api/orders/bulk/check', { body: { rows } });
}

export function downloadTemplate(api: ApiClient, lang: 'en' | 'lv'): Promise<Blob> {
  return api.GET('/api/orders/bulk/template', { query: { lang }, responseType: 'blob' });
}

/** One order of the good rows: a draft, or with the summary's choices made for paying at once. */
export function createBulkOrder(
  api: ApiClient,
  lines: OrderLineWrite[],
  summary: { termsAccepted: boolean; privacyAccepted: boolean; eNotification: 'agree' | 'disagree' } | null,
): Promise<OrderResource> {
  return api.POST('/api/orders', { body: { step: 3, orderLines: lines, ...(summary ?? {}) } });
}

export async function startBulkPayment(api: ApiClient, orderIri: string): Promise<string> {
  return (await api.POST('/api/orders/{key}/payments', { path: { key: lastSegment(orderIri) }, body: {} })).redirectUrl;
}

/** The active account's contact groups (the address book's API), the first 100 by name. */
export async function contactGroups(api: ApiClient): Promise<ContactGroupResource[]> {
  const answer = await api.GET('/api/contact_groups', {
    query: { itemsPerPage: 100 },
  });
  return answer['hydra:member'];
}

/** A group's contacts, as many as one file may hold (pages of 100). */
export async function contactsOfGroup(api: ApiClient, group: number, limit: number): Promise<ContactResource[]> {
  const found: ContactResource[] = [];
  for (let page = 1; found.length < limit; page++) {
    const answer = await api.GET('/api/contacts', {
      query: { group, page, itemsPerPage: 100 },
    });
    found.push(...answer['hydra:member']);
    if (answer['hydra:member'].length < 100) break;
  }
  return found.slice(0, limit);
}

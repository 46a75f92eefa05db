// Several eBay sales shipped together (issue 15 item 3): the eBay tab sends the ticked sales to the
// bulk page as `/bulk-orders?ebaySales=1,2,3`; the bulk page makes them rows and, once the order of
// the good rows exists, tells the API which sale each line ships.
import type { ApiClient } from '@portal/shared-contracts';
import type { SavedHsCode } from '@portal/shared-contracts/account';
import type { EbaySale } from '@portal/shared-contracts/ebay';
import { MAX_BULK_ORDER_LINES } from '@portal/shared-contracts/orders';

export const EBAY_SALES_PARAMETER = 'ebaySales';

/** The sale ids of the address's parameter (`1,2,3`): whole numbers, each once, at most one order's lines. */
export function salesOfParameter(value: string | null): number[] {
  const ids = (value ?? '')
    .split(',')
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)].slice(0, MAX_BULK_ORDER_LINES);
}

/** The caller's sales of these ids, in their order (others are not the caller's, or gone). */
export async function salesToShip(api: ApiClient, ids: readonly number[]): Promise<EbaySale[]> {
  const answer = await api.GET('/api/ebay/sales');
  const byId = new Map(answer['hydra:member'].map((sale) => [sale.id, sale]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The active account's saved goods codes, for the HS code suggestions (none when it cannot say). */
export async function savedCodes(api: ApiClient, accountId: number | null): Promise<SavedHsCode[]> {
  if (accountId === null) return [];
  return api
    .GET('/api/accounts/{id}/saved_hs_codes', { path: { id: String(accountId) } })
    .then((answer) => answer['hydra:member'])
    .catch(() => []);
}

/** The order made of the rows ships these sales: sale i is its line i. */
export function attachSales(api: ApiClient, orderIri: string, sales: readonly number[]): Promise<unknown> {
  return api.POST('/api/ebay/sales/shipments', { body: { order: orderIri, sales: [...sales] } });
}

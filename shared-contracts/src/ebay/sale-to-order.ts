import { BULK_TEMPLATE_FIELDS, type BulkField, type BulkRow, bulkCellOfCents, bulkRowOfContact } from '../orders/bulk';
import { ORDER_LIMITS } from '../orders/constants';
import type { ContentItem, OrderWrite, Party } from '../orders/schemas';
import type { EbaySale, EbaySaleProblem } from './model';

/** A saved goods code of the seller's account, as the Product classification tab keeps it. */
export interface SavedCodeHint {
  code: string;
  description: string;
}

/** What stops a sale from becoming a shipment as it is; empty when "Ship" may go ahead. */
export function saleProblems(sale: Pick<EbaySale, 'address' | 'items'>): EbaySaleProblem[] {
  const problems: EbaySaleProblem[] = [];
  if (!sale.address) problems.push('NO_ADDRESS');
  if (sale.items.length > ORDER_LIMITS.maxContentLines) problems.push('TOO_MANY_ITEMS');
  return problems;
}

const words = (text: string) =>
  text
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2);

/**
 * The saved code whose description shares the most words with an item's title (ties: the first
 * saved), or null when none shares a word: a suggestion the seller checks in the content step.
 */
export function suggestHsCode(title: string, saved: readonly SavedCodeHint[]): string | null {
  const titleWords = new Set(words(title));
  let best: { code: string; score: number } | null = null;
  for (const hint of saved) {
    const score = new Set(words(hint.description).filter((word) => titleWords.has(word))).size;
    if (score > 0 && (!best || score > best.score)) best = { code: hint.code, score };
  }
  return best?.code ?? null;
}

/**
 * The order a sale becomes when the seller presses "Ship" (issue 15 item 3): the buyer as the
 * receiver at eBay's shipping address, one content line per sold item (title, quantity, value,
 * origin, HS code suggested from the saved codes). The portal's goods values are euros: an item
 * sold in another currency keeps its value empty for the seller to fill (no exchange rate is
 * guessed). Step 1 (product and weight) is left to the seller; nothing else is assumed.
 */
export function orderDraftOfSale(
  sale: EbaySale,
  options: { saved?: readonly SavedCodeHint[]; originCountry?: string } = {},
): OrderWrite {
  const address = sale.address;
  const receiver: Party = {
    name: sale.buyer.name.slice(0, 100),
    email: sale.buyer.email,
    ...(sale.buyer.phonePrefix && sale.buyer.phone
      ? { phonePrefix: sale.buyer.phonePrefix, phone: sale.buyer.phone }
      : {}),
    address: address
      ? {
          countryCode: address.countryCode,
          addressLine: address.addressLine,
          city: address.city,
          postCode: address.postCode,
          region: address.region,
        }
      : null,
  };
  const content: ContentItem[] = sale.items.slice(0, ORDER_LIMITS.maxContentLines).map((item) => ({
    name: item.title.slice(0, 255),
    quantity: item.quantity,
    value: item.value.currency === 'EUR' ? item.value.cents : null,
    countryCode: options.originCountry ?? 'LV',
    hsCode: suggestHsCode(item.title, options.saved ?? []),
  }));
  return {
    step: 1,
    orderLines: [{ attributes: { countryCode: address?.countryCode ?? null }, receiver, content }],
  };
}

/** The columns a sale fills itself in bulk: the receiver's (bulkRowOfContact) and these, its items. */
const SALE_CONTENT_FIELDS: readonly BulkField[] = ['contentName', 'contentQuantity', 'contentValue', 'contentHsCode'];

/**
 * The columns the seller gives every sale shipped together (product, weight, services, sender,
 * origin, nature of transaction): the bulk template's, less what the sale itself says.
 */
export const SALE_TEMPLATE_FIELDS: readonly BulkField[] = BULK_TEMPLATE_FIELDS.filter(
  (field) => !SALE_CONTENT_FIELDS.includes(field),
);

/**
 * A sale as a row of shipments in bulk (issue 15 item 3: several sales shipped at once through the
 * bulk path), checked and priced by the API like any row: the buyer at eBay's address as the
 * receiver, the template's product, weight, services and sender, and the items as the row's one
 * content line (a row holds one): their titles, their quantities summed, their values summed when
 * all are in euros (no rate is guessed: otherwise left for the seller), the code suggested for the
 * first item. A sale needing a content line per item is shipped on its own ("Ship").
 */
export function bulkRowOfSale(sale: EbaySale, template: BulkRow, saved: readonly SavedCodeHint[] = []): BulkRow {
  const address = sale.address;
  const row = bulkRowOfContact(
    {
      name: sale.buyer.name.slice(0, 100),
      email: sale.buyer.email,
      phonePrefix: sale.buyer.phonePrefix,
      phone: sale.buyer.phone,
      countryCode: address?.countryCode ?? '',
      addressLine: address?.addressLine,
      city: address?.city,
      region: address?.region,
      postCode: address?.postCode,
    },
    template,
  );
  const [first] = sale.items;
  if (!first) return row;
  const inEuros = sale.items.every((item) => item.value.currency === 'EUR');
  return {
    ...row,
    contentName: sale.items
      .map((item) => (item.quantity > 1 ? `${item.title} × ${item.quantity}` : item.title))
      .join('; ')
      .slice(0, 255),
    contentQuantity: String(sale.items.reduce((sum, item) => sum + item.quantity, 0)),
    contentValue: inEuros ? bulkCellOfCents(sale.items.reduce((sum, item) => sum + item.value.cents, 0)) : '',
    contentHsCode: suggestHsCode(first.title, saved) ?? '',
    contentOrigin: template.contentOrigin.trim() === '' ? 'LV' : template.contentOrigin,
  };
}

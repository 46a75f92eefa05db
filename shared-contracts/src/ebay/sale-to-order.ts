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

import { parseMoneyToCents } from '@portal/shared-contracts';
import type { EbayMoney, EbaySaleAddress, EbaySaleItem } from '@portal/shared-contracts/ebay';
import type { EbayApiAmount, EbayApiOrder } from './client';
import type { StoredBuyer } from './schema';

/** A sale as the portal keeps it, read from eBay's `Order`. */
export interface SaleRecord {
  ebayOrderId: string;
  soldAt: Date;
  buyer: StoredBuyer;
  address: EbaySaleAddress | null;
  items: EbaySaleItem[];
  total: EbayMoney;
}

const clean = (value: unknown, max: number): string | null => {
  if (typeof value !== 'string') return null;
  // Control characters never reach a label or a form field.
  const text = value.replace(/\p{Cc}/gu, ' ').trim();
  return text ? text.slice(0, max) : null;
};

function money(amount: EbayApiAmount | undefined): EbayMoney {
  const cents = parseMoneyToCents(String(amount?.value ?? ''));
  const currency = clean(amount?.currency, 3)?.toUpperCase() ?? 'EUR';
  return { cents: cents !== null && cents >= 0 ? cents : 0, currency };
}

function converted(amount: EbayApiAmount | undefined): EbayMoney | null {
  if (!amount?.convertedFromValue || !amount.convertedFromCurrency) return null;
  return money({ value: amount.convertedFromValue, currency: amount.convertedFromCurrency });
}

/**
 * eBay's order as a sale. Whatever eBay leaves out stays empty rather than invented: a sale without
 * a usable address (street, city and a two-letter country) keeps `address: null` and cannot be
 * shipped until the seller sees it (saleProblems). Names keep their script (Cyrillic, Greek…).
 */
export function saleOfEbayOrder(order: EbayApiOrder): SaleRecord | null {
  const ebayOrderId = clean(order.orderId, 40);
  if (!ebayOrderId) return null;
  const shipTo = order.fulfillmentStartInstructions?.find((instruction) => instruction.shippingStep?.shipTo)
    ?.shippingStep?.shipTo;
  const contact = shipTo?.contactAddress;
  const street = [clean(contact?.addressLine1, 150), clean(contact?.addressLine2, 100)].filter(Boolean).join(', ');
  const city = clean(contact?.city, 100);
  const countryCode = clean(contact?.countryCode, 2)?.toUpperCase() ?? null;
  const address =
    street && city && countryCode && /^[A-Z]{2}$/.test(countryCode)
      ? {
          addressLine: street.slice(0, 255),
          city,
          postCode: clean(contact?.postalCode, 20),
          region: clean(contact?.stateOrProvince, 100),
          countryCode,
        }
      : null;
  const soldAt = new Date(order.creationDate ?? '');
  return {
    ebayOrderId,
    soldAt: Number.isNaN(soldAt.getTime()) ? new Date(0) : soldAt,
    buyer: {
      name: clean(shipTo?.fullName, 100) ?? clean(order.buyer?.username, 100) ?? '',
      username: clean(order.buyer?.username, 100),
      email: clean(shipTo?.email, 180),
      phone: clean(shipTo?.primaryPhone?.phoneNumber, 30),
    },
    address,
    items: (order.lineItems ?? []).flatMap((item) => {
      const lineItemId = clean(item.lineItemId, 40);
      if (!lineItemId) return [];
      const quantity = Number.isInteger(item.quantity) && (item.quantity ?? 0) > 0 ? (item.quantity as number) : 1;
      return [
        {
          lineItemId,
          title: clean(item.title, 255) ?? lineItemId,
          quantity,
          value: money(item.lineItemCost),
          originalValue: converted(item.lineItemCost),
        },
      ];
    }),
    total: money(order.pricingSummary?.total),
  };
}

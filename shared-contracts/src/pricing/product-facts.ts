// Issue 40 item 5: how a product states its size limit and its delivery time, in English and
// Latvian, once for the calculator, the order wizard and any other screen that lists products.
//
// Only facts with a source are said (shared/data/tariffs.md §6, §7; SPEC §9):
// - Latvijas Pasts publishes no sides per parcel-locker size class (tariffs.md §6 "not found"); the
//   one sourced locker figure is the locker's own limit, 38 × 38 × 58 cm (pasts.lv, 27.07.2020). A
//   size class therefore says its name and that limit, and says that the class's own sides are not
//   published, instead of inventing them (Omniva's classes are another operator's and not used).
// - Delivery within Latvia is one working day (SPEC §9, the workflow's `deliveryDays`). No source
//   in the data publishes a delivery time or range for Lithuania, Estonia or further abroad
//   (tariffs.md §7 lists domestic figures only), so abroad the text says it is not published.

import type { Locale } from '../i18n/locale';
import type { PricedWorkFlow } from './schemas';

/** The parcel-locker size classes, smallest first (the workflows' `shipmentSizeType` of a locker product). */
export const LOCKER_SIZE_CLASSES = ['xs', 's', 'm', 'l', 'xl'] as const;
export type LockerSizeClass = (typeof LOCKER_SIZE_CLASSES)[number];

/** The product fields the two descriptions read (a priced workflow has them all). */
export type ProductFacts = Pick<
  PricedWorkFlow,
  'countryCode' | 'deliveryDays' | 'shipmentSizeType' | 'transferType' | 'receivingType' | 'sizeLimit'
>;

const TEXTS = {
  en: {
    days: (count: number) => `Delivered in ${count} working ${count === 1 ? 'day' : 'days'}`,
    domesticNotStated: 'Delivery time not set for this product',
    abroadNotPublished: 'Delivery time abroad: not published by Latvijas Pasts',
    box: (box: string) => `Up to ${box} cm`,
    lockerClass: (size: string, box: string) =>
      `Locker size ${size}: sides per size not published; the locker takes up to ${box} cm`,
    longest: (value: string) => `Longest side up to ${value} cm`,
    thickness: (value: string) => `at most ${value} cm thick`,
    none: 'No size limit stated',
  },
  lv: {
    days: (count: number) => `Piegāde ${count} ${latvianDays(count)}`,
    domesticNotStated: 'Šim produktam piegādes laiks nav noteikts',
    abroadNotPublished: 'Piegādes laiks uz ārvalstīm: Latvijas Pasts to nav publicējis',
    box: (box: string) => `Līdz ${box} cm`,
    lockerClass: (size: string, box: string) =>
      `Pakomāta izmērs ${size}: katra izmēra malas nav publicētas; pakomātā ievieto līdz ${box} cm`,
    longest: (value: string) => `Garākā mala līdz ${value} cm`,
    thickness: (value: string) => `biezums ne vairāk kā ${value} cm`,
    none: 'Izmēru ierobežojums nav norādīts',
  },
} as const;

/** Latvian agrees the noun with the last digit: 1, 21, 31 … "darba dienā"; 11 and the rest "darba dienās". */
function latvianDays(count: number): string {
  return count % 10 === 1 && count % 100 !== 11 ? 'darba dienā' : 'darba dienās';
}

/** Millimetres as centimetres with a decimal comma (SPEC §9 number format). */
function cm(mm: number): string {
  return String(mm / 10).replace('.', ',');
}

/** The parcel-locker size class of a locker-to-locker product, else null. */
export function lockerSizeClass(
  product: Pick<ProductFacts, 'shipmentSizeType' | 'transferType' | 'receivingType'>,
): LockerSizeClass | null {
  const size = product.shipmentSizeType;
  const locker = product.transferType === 'parcelMachine' || product.receivingType === 'parcelMachine';
  return locker && size !== null && (LOCKER_SIZE_CLASSES as readonly string[]).includes(size)
    ? (size as LockerSizeClass)
    : null;
}

/** "Delivered in 1 working day" at home; abroad, that no delivery time is published. */
export function describeDeliveryTime(product: Pick<ProductFacts, 'countryCode' | 'deliveryDays'>, locale: Locale) {
  const texts = TEXTS[locale];
  if (product.deliveryDays !== null && product.deliveryDays > 0) return texts.days(product.deliveryDays);
  return product.countryCode === 'LV' ? texts.domesticNotStated : texts.abroadNotPublished;
}

/** The product's size limit as the tariff data gives it: a box, a longest side and thickness, or a locker class. */
export function describeSizeLimit(product: ProductFacts, locale: Locale): string {
  const texts = TEXTS[locale];
  const limit = product.sizeLimit ?? null;
  if (!limit) return texts.none;
  const { length, width, height } = limit;
  if (length !== null && width !== null && height !== null) {
    const box = `${cm(length)} × ${cm(width)} × ${cm(height)}`;
    const size = lockerSizeClass(product);
    return size && limit.notStated ? texts.lockerClass(size.toUpperCase(), box) : texts.box(box);
  }
  const parts = [
    length !== null ? texts.longest(cm(length)) : null,
    height !== null && width === null ? texts.thickness(cm(height)) : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : limit.description || texts.none;
}

import { needsCustomsDeclaration, type OrderLineResource } from '../../shared/order';

/** The drop-off types of SPEC §2's success page, from the workflow's transfer type. */
export type DropOff = 'parcelLocker' | 'courier' | 'postOffice';

export function dropOffOf(line: Pick<OrderLineResource, 'attributes'>): DropOff {
  const transfer = line.attributes.transferType;
  if (transfer === 'parcelMachine') return 'parcelLocker';
  if (transfer === 'courier') return 'courier';
  return 'postOffice';
}

/**
 * Customs documents exist for lines with content that leave the EU customs territory (CN22 or
 * CN23 as the content value decides); a domestic or EU insured parcel has content but no declaration.
 */
export function hasCustomsDocument(line: Pick<OrderLineResource, 'attributes' | 'content' | 'customsInfo'>): boolean {
  return needsCustomsDeclaration(line.attributes.countryCode) && line.content.length > 0 && line.customsInfo !== null;
}

/** A file name for a downloaded document: `label-A6-LV123456785LV.pdf`, or `.zpl` for a thermal printer's label. */
export function documentFileName(kind: string, barcode: string | null, orderKey: string, extension = 'pdf'): string {
  return `${kind}-${barcode ?? orderKey.slice(0, 8)}.${extension}`;
}

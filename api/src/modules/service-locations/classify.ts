import { normalizeSearchText } from './search-text';

/**
 * The type a place really has, where its source files it under another (issue 21). The Unisend
 * terminal list carries Latvijas Pasts places as "terminals" of its partner network, each named
 * "<place> (Latvijas pasts - tikai izņemšana)" ("pick-up only"). Those whose own name says
 * "pasta nodaļa" (post office: Baldone, Ķekava, Rīga 44) are Latvijas Pasts post offices where
 * parcels are collected, not parcel lockers; every other record keeps the type of its file.
 */
const POST_OFFICE_NAME = /\bpasta nodala\b/;

export function classifyLocationType<Type extends string>(record: {
  operator: string;
  name: string;
  type: Type;
}): Type | 'postOffice' {
  if (record.operator === 'Latvijas Pasts' && POST_OFFICE_NAME.test(normalizeSearchText(record.name))) {
    return 'postOffice';
  }
  return record.type;
}

/**
 * Whether parcels can only be collected at a place (issue 40): the Unisend list says so in the
 * name ("tikai izņemšana", "pick-up only"). A file may state it itself (`pickUpOnly`), which wins.
 */
const PICK_UP_ONLY_NAME = /\btikai iznemsana\b/;

export function isPickUpOnly(record: { name: string; pickUpOnly?: boolean | undefined }): boolean {
  return record.pickUpOnly ?? PICK_UP_ONLY_NAME.test(normalizeSearchText(record.name));
}

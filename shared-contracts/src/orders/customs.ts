import type { ShipmentType } from '../pricing/constants';

/**
 * The 27 member states of the European Union, as ISO 3166-1 alpha-2 codes (Greece is GR here,
 * EL in EU documents). Source: https://european-union.europa.eu/principles-countries-history/eu-countries_en
 * (the United Kingdom left on 2020-02-01). Update it when membership changes.
 */
// biome-ignore format: a block of codes reads better than one code per line
export const EU_MEMBER_STATES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const;

const EU = new Set<string>(EU_MEMBER_STATES);

/** Whether a country (ISO alpha-2, any case) is a member state of the European Union. */
export function isEuMemberState(countryCode: string | null | undefined): boolean {
  return typeof countryCode === 'string' && EU.has(countryCode.trim().toUpperCase());
}

/**
 * Whether a shipment to this destination carries customs data: a CN22 or CN23 declaration, the
 * nature of transaction and the associated documents (SPEC §3 Customs info). Only shipments
 * that leave the EU customs territory do; from Latvia that is every destination outside the EU
 * member states (US, NO, GB…), never LV, LT, EE or DE. Territories with their own ISO code
 * outside the EU (e.g. GL, FO) need a declaration too. An unknown destination needs none yet.
 */
export function needsCustomsDeclaration(countryCode: string | null | undefined): boolean {
  if (typeof countryCode !== 'string' || countryCode.trim() === '') return false;
  return !isEuMemberState(countryCode);
}

/** Additional services whose price or limit depends on the value of the content (SPEC §5). */
export const VALUE_DEPENDENT_SERVICES: readonly string[] = [
  'insurance',
  'cashOnDelivery',
  'cashOnDeliveryToBank',
  'cashOnDeliveryToPNS',
];

/**
 * Whether the order flow has the content step (SPEC §2 Order flow screens, §4): a parcel that
 * needs a customs declaration, or any shipment whose services depend on the content value
 * (insurance not above the content value, cash on delivery: SPEC §5). A domestic insured
 * parcel has the step for its content values, without any customs fields.
 */
export function needsContentStep(request: {
  shipmentType: ShipmentType;
  countryCode: string | null | undefined;
  additionalServices: readonly string[];
}): boolean {
  const customs = request.shipmentType === 'parcel' && needsCustomsDeclaration(request.countryCode);
  return customs || request.additionalServices.some((service) => VALUE_DEPENDENT_SERVICES.includes(service));
}

/**
 * The level of the HS nomenclature a customs declaration names: the 6-digit subheading. Chapters
 * (2 digits) and headings (4) only group subheadings; a code of theirs is "HS code not found" on
 * a declaration (issue 40: the goods-code search suggested headings such as 6105 and 4901, which
 * the order rules then refused). The API's rule and the wizard's search both ask this.
 */
export const DECLARABLE_HS_LEVEL = 6;

/** The subheading's 6 digits, or a CN (8) or national tariff code (10) beginning with them. */
const DECLARABLE_HS_DIGITS = /^\d{6,10}$/;

/** Whether an entry of the nomenclature may be chosen for a declaration (a subheading). */
export function isDeclarableHsEntry(entry: { level: number }): boolean {
  return entry.level === DECLARABLE_HS_LEVEL;
}

/**
 * Whether a code may go on a customs declaration: 6 to 10 digits (spaces and dots allowed, as in
 * `4901.99`) whose first six are a subheading of the nomenclature. `levelOf` looks a code up there
 * (undefined: not in it).
 */
export function isDeclarableHsCode(code: string, levelOf: (code: string) => number | undefined): boolean {
  const digits = code.replace(/[\s.]/g, '');
  return DECLARABLE_HS_DIGITS.test(digits) && levelOf(digits.slice(0, 6)) === DECLARABLE_HS_LEVEL;
}

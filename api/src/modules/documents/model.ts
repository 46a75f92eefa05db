// The input of the document renderers: a plain, already-checked description of one paid shipment
// (order line). The orders module builds it from its records; the renderers only lay it out.
// Money in integer cents (EUR), weights in integer grams (SPEC §9).
import type { AssociatedDocumentType, LabelFormat, NatureOfTransaction } from '@portal/shared-contracts/orders';

export interface PrintableAddress {
  addressLine: string;
  city: string;
  postCode: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** Printed name of the country (the label is read by people along the way). */
  countryName: string;
  /** State or region, e.g. a US state code. */
  region?: string | null;
}

export interface PrintableParty {
  /** Person's name (and surname). */
  name: string;
  companyName?: string | null;
  /** Full number with prefix, e.g. `+371 21234567`. */
  phone?: string | null;
  email?: string | null;
  address: PrintableAddress;
}

export interface PrintableContentItem {
  /** Detailed description of the goods, e.g. `Cotton T-shirt`. */
  description: string;
  quantity: number;
  /** Net weight of the whole line, grams. */
  weightGrams: number;
  /** Value of the whole line, cents. */
  valueCents: number;
  /** HS tariff number (6+ digits), for commercial items. */
  hsCode?: string | null;
  /** Country of origin of the goods, ISO alpha-2. */
  originCountryCode?: string | null;
}

export interface PrintableAssociatedDocument {
  type: AssociatedDocumentType;
  number?: string | null;
  description?: string | null;
}

export interface PrintableCustoms {
  natureOfTransaction: NatureOfTransaction;
  /** Explanation when the nature is `other` (or extra words for any nature). */
  explanation?: string | null;
  /** At most 10 lines (SPEC §5); the forms print them all. */
  contents: PrintableContentItem[];
  /** Currency of the values; the portal uses EUR. */
  currency: string;
  /** Postal charges paid, cents (CN23 "Postal charges/fees"). */
  postageCents?: number | null;
  importerReference?: string | null;
  exporterVatCode?: string | null;
  importerVatCode?: string | null;
  voecNumber?: string | null;
  associatedDocuments?: PrintableAssociatedDocument[];
  comments?: string | null;
}

export interface PrintableShipment {
  /** UPU S10 shipment number, e.g. `RR123456785LV`. */
  shipmentNumber: string;
  /** Product as the customer chose it, e.g. `Parcel locker M, Lithuania`. */
  productLabel: string;
  /** Gross weight of the shipment, grams. */
  weightGrams: number;
  sender: PrintableParty;
  receiver: PrintableParty;
  /** Additional services printed on the label, already worded (e.g. `Insured 200,00 €`, `Fragile`). */
  serviceNotes?: string[];
  /** Parcel locker or post office the receiver collects from, already worded. */
  deliveryPoint?: string | null;
  /** Date of posting (payment date); printed DD.MM.YYYY. */
  postedAt: Date;
  /** Present for shipments outside the EU customs area. */
  customs?: PrintableCustoms | null;
}

/** A6, A4 (PDF) or zpl (thermal printers): `@portal/shared-contracts/orders`. */
export type { LabelFormat };
export type PdfLabelFormat = Exclude<LabelFormat, 'zpl'>;
export type CustomsFormType = 'CN22' | 'CN23';

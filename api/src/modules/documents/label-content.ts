import { formatWeight } from '@portal/shared-contracts';
import { formatS10 } from '@portal/shared-contracts/s10';
import { rigaDisplayDate } from '../../calendar';
import type { PrintableParty, PrintableShipment } from './model';

// What a shipping label says, worded once for every format (issue 20 item 4): the PDF renderer
// (labels.ts) and the ZPL renderer (zpl.ts) only lay these texts out, so an A6 page and a thermal
// label of the same shipment carry the same words.

/** Bilingual headings: the label is read by carriers here and abroad. */
export const LABEL_HEADINGS = {
  sender: 'From / Sūtītājs',
  receiver: 'To / Saņēmējs',
  weight: 'Weight / Svars',
} as const;

export interface LabelContent {
  /** Product as the customer chose it. */
  product: string;
  /** Date of posting, DD.MM.YYYY (Riga time). */
  postedOn: string;
  /** Sender's name, company, address, phone and country name, one line each. */
  senderLines: string[];
  /** Receiver's name, company, address and phone, one line each (the country follows in capitals). */
  receiverLines: string[];
  receiverCountry: string;
  /** Parcel locker or post office the receiver collects from. */
  deliveryPoint: string | null;
  /** `Weight / Svars: 2 kg`. */
  weight: string;
  /** Additional services on one line (`Insured 200,00 € · Fragile`), or null. */
  services: string | null;
  /** The S10 number the barcode encodes, e.g. `RR123456785LV`. */
  barcode: string;
  /** The same number grouped for people: `RR 123 456 785 LV`. */
  shipmentNumber: string;
}

function partyLines(party: PrintableParty): string[] {
  const { address } = party;
  return [
    party.name,
    party.companyName ?? '',
    address.addressLine,
    `${address.postCode} ${address.city}${address.region ? `, ${address.region}` : ''}`,
    party.phone ?? '',
  ].filter((line) => line.trim() !== '');
}

export function labelContent(shipment: PrintableShipment): LabelContent {
  return {
    product: shipment.productLabel,
    postedOn: rigaDisplayDate(shipment.postedAt),
    senderLines: [...partyLines(shipment.sender), shipment.sender.address.countryName],
    receiverLines: partyLines(shipment.receiver),
    receiverCountry: shipment.receiver.address.countryName.toLocaleUpperCase('en'),
    deliveryPoint: shipment.deliveryPoint || null,
    weight: `${LABEL_HEADINGS.weight}: ${formatWeight(shipment.weightGrams)}`,
    services: shipment.serviceNotes?.length ? shipment.serviceNotes.join(' · ') : null,
    barcode: shipment.shipmentNumber,
    shipmentNumber: formatS10(shipment.shipmentNumber),
  };
}

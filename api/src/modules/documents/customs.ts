import { formatMoney } from '@portal/shared-contracts';
import { customsFormForValue, type NatureOfTransaction, ORDER_LIMITS } from '@portal/shared-contracts/orders';
import { formatS10 } from '@portal/shared-contracts/s10';
import { rigaDisplayDate } from '../../calendar';
import type { CustomsFormType, PrintableCustoms, PrintableParty, PrintableShipment } from './model';
import { BOLD, kilograms, MM, type Pdf, startPdf, textIn } from './pdf';

// Customs declarations CN 22 and CN 23 (UPU forms), filled from the content lines. The layout
// follows the UPU forms' fields and numbering; headings in English (and French for the titles,
// as on the UPU forms), goods descriptions as the sender wrote them (Latvian letters print).

/** CN 22 up to and including this content value; CN 23 above (the rule lives in the order contract). */
export const CN22_MAX_VALUE_CENTS = ORDER_LIMITS.cn22MaxValueCents;

/** Which form a shipment needs, by the total value of its content lines. */
export function customsFormFor(customs: Pick<PrintableCustoms, 'contents'>): CustomsFormType {
  return customsFormForValue(contentTotals(customs).valueCents);
}

export function contentTotals(customs: Pick<PrintableCustoms, 'contents'>): {
  weightGrams: number;
  valueCents: number;
} {
  return customs.contents.reduce(
    (sum, item) => ({ weightGrams: sum.weightGrams + item.weightGrams, valueCents: sum.valueCents + item.valueCents }),
    { weightGrams: 0, valueCents: 0 },
  );
}

/** Who designates the S10 numbers of LV (s10.md: LV → Latvia Post). */
const DESIGNATED_OPERATOR = 'Latvijas Pasts';

const CATEGORIES: { nature: NatureOfTransaction; label: string }[] = [
  { nature: 'gift', label: 'Gift' },
  { nature: 'commercial_sample', label: 'Commercial sample' },
  { nature: 'documents', label: 'Documents' },
  { nature: 'return_of_goods', label: 'Returned goods' },
  { nature: 'sale_of_goods', label: 'Sale of goods' },
  { nature: 'other', label: 'Other' },
];

const DECLARATION =
  'I, the undersigned, whose name and address are given on the item, certify that the particulars given in this ' +
  'declaration are correct and that this item does not contain any dangerous article or articles prohibited by ' +
  'legislation or by postal or customs regulations.';

/**
 * The customs declaration of a shipment: CN 22 (one A6 page) when the content is worth up to
 * 300 EUR, CN 23 (A4) above. Throws a RangeError when the shipment has no customs data.
 */
export async function renderCustomsDeclaration(shipment: PrintableShipment): Promise<Buffer> {
  const customs = shipment.customs;
  if (!customs || customs.contents.length === 0) throw new RangeError('the shipment has no customs content');
  return customsFormFor(customs) === 'CN22' ? renderCn22(shipment, customs) : renderCn23(shipment, customs);
}

function money(cents: number, currency: string): string {
  return currency === 'EUR' ? formatMoney(cents) : `${(cents / 100).toFixed(2).replace('.', ',')} ${currency}`;
}

function checkbox(doc: Pdf, x: number, y: number, checked: boolean, label: string, size = 7): void {
  const box = size + 2;
  doc.save().lineWidth(0.6).rect(x, y, box, box).stroke().restore();
  // The cross is a character, not a drawing, so the choice is also in the PDF's text.
  if (checked) textIn(doc, 'X', { x, y: y + 1, width: box, size, font: BOLD, align: 'center' });
  textIn(doc, label, { x: x + box + 3, y: y + 1, width: 90, size });
}

function categories(
  doc: Pdf,
  customs: PrintableCustoms,
  x: number,
  y: number,
  columnWidth: number,
  size: number,
): number {
  CATEGORIES.forEach(({ nature, label }, index) => {
    const column = index % 3;
    const row = Math.floor(index / 3);
    checkbox(doc, x + column * columnWidth, y + row * (size + 6), customs.natureOfTransaction === nature, label, size);
  });
  return y + 2 * (size + 6);
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
  cell: (item: PrintableCustoms['contents'][number]) => string;
}

/** The content lines as a table with ruled rows, each cell cut to `maxLines`; returns the y below it. */
function contentTable(
  doc: Pdf,
  customs: PrintableCustoms,
  columns: Column[],
  at: { x: number; y: number; size: number; maxLines: number },
): number {
  const { x, size, maxLines } = at;
  let { y } = at;
  const pad = 2;
  const titleHeight = Math.max(
    ...columns.map((column) => {
      doc.font(BOLD).fontSize(size - 0.5);
      return doc.heightOfString(column.title, { width: column.width - 2 * pad });
    }),
  );
  const totalWidth = columns.reduce((sum, column) => sum + column.width, 0);
  doc.save().lineWidth(0.5);
  let cellX = x;
  for (const column of columns) {
    textIn(doc, column.title, {
      x: cellX + pad,
      y: y + pad,
      width: column.width - 2 * pad,
      size: size - 0.5,
      font: BOLD,
    });
    cellX += column.width;
  }
  y += titleHeight + 2 * pad;
  doc
    .moveTo(x, y)
    .lineTo(x + totalWidth, y)
    .stroke();
  for (const item of customs.contents) {
    let bottom = y;
    cellX = x;
    for (const column of columns) {
      const end = textIn(doc, column.cell(item), {
        x: cellX + pad,
        y: y + pad,
        width: column.width - 2 * pad,
        height: maxLines * doc.currentLineHeight(true) + 1,
        size,
        align: column.align ?? 'left',
      });
      bottom = Math.max(bottom, end);
      cellX += column.width;
    }
    y = bottom + pad;
    doc
      .moveTo(x, y)
      .lineTo(x + totalWidth, y)
      .stroke();
  }
  doc.restore();
  return y;
}

function partyBlock(party: PrintableParty): string {
  const { address } = party;
  return [
    party.name,
    party.companyName ?? '',
    address.addressLine,
    `${address.postCode} ${address.city}${address.region ? `, ${address.region}` : ''}`,
    address.countryName,
    [party.phone, party.email].filter(Boolean).join(' · '),
  ]
    .filter((line) => line.trim() !== '')
    .join('\n');
}

// ---- CN 22 -------------------------------------------------------------------------------------

async function renderCn22(shipment: PrintableShipment, customs: PrintableCustoms): Promise<Buffer> {
  const { doc, bytes } = await startPdf({ size: 'A6', title: `CN 22 ${shipment.shipmentNumber}` });
  doc.addPage({ size: 'A6', margin: 0 });
  const left = 6 * MM;
  const width = 93 * MM;
  let y = 6 * MM;

  textIn(doc, 'CUSTOMS DECLARATION', { x: left, y, width, size: 11, font: BOLD });
  textIn(doc, 'CN 22', { x: left, y, width, size: 14, font: BOLD, align: 'right' });
  y = textIn(doc, 'DÉCLARATION EN DOUANE', { x: left, y: y + 13, width, size: 7 });
  y = textIn(doc, `Designated operator: ${DESIGNATED_OPERATOR}    May be opened officially`, {
    x: left,
    y: y + 2,
    width,
    size: 7,
  });
  y =
    textIn(doc, `Item No: ${formatS10(shipment.shipmentNumber)}`, { x: left, y: y + 3, width, size: 9, font: BOLD }) +
    4;

  y = categories(doc, customs, left, y, width / 3, 7);
  if (customs.explanation)
    y = textIn(doc, `Explanation: ${customs.explanation}`, { x: left, y: y + 1, width, height: 18, size: 7 });
  y += 4;

  const columns: Column[] = [
    {
      title: '(1) Quantity and detailed description of contents',
      width: width * 0.38,
      cell: (i) => `${i.quantity} × ${i.description}`,
    },
    { title: '(2) Weight (kg)', width: width * 0.13, align: 'right', cell: (i) => kilograms(i.weightGrams) },
    { title: `(3) Value`, width: width * 0.17, align: 'right', cell: (i) => money(i.valueCents, customs.currency) },
    { title: '(4) HS tariff No', width: width * 0.17, cell: (i) => i.hsCode ?? '' },
    { title: '(5) Origin', width: width * 0.15, cell: (i) => i.originCountryCode ?? '' },
  ];
  // A CN 22 is one A6 page: with many lines each description gets one line instead of two.
  y = contentTable(doc, customs, columns, { x: left, y, size: 7, maxLines: customs.contents.length > 5 ? 1 : 2 });

  const totals = contentTotals(customs);
  y = textIn(doc, `(6) Total gross weight (kg): ${kilograms(shipment.weightGrams)}`, {
    x: left,
    y: y + 3,
    width,
    size: 7.5,
    font: BOLD,
  });
  y = textIn(doc, `(7) Total value: ${money(totals.valueCents, customs.currency)}`, {
    x: left,
    y: y + 1,
    width,
    size: 7.5,
    font: BOLD,
  });
  if (customs.voecNumber) y = textIn(doc, `VOEC: ${customs.voecNumber}`, { x: left, y: y + 1, width, size: 7 });
  y = textIn(
    doc,
    `From: ${shipment.sender.name}, ${shipment.sender.address.city}, ${shipment.sender.address.countryName}`,
    {
      x: left,
      y: y + 3,
      width,
      height: 18,
      size: 7,
    },
  );
  y = textIn(doc, `(8) ${DECLARATION}`, { x: left, y: y + 3, width, size: 6 });
  textIn(doc, `Date and sender's signature: ${rigaDisplayDate(shipment.postedAt)}  ${shipment.sender.name}`, {
    x: left,
    y: y + 4,
    width,
    height: 10,
    size: 7.5,
    font: BOLD,
  });
  doc.end();
  return bytes;
}

// ---- CN 23 -------------------------------------------------------------------------------------

const LICENCE_TYPES = new Set(['export_licence', 'import_licence', 'license']);
const CERTIFICATE_TYPES = new Set(['certificate', 'certificate_of_origin', 'preference_certificate_of_origin']);
const INVOICE_TYPES = new Set(['invoice', 'commercial_invoice', 'proforma_invoice']);

function documentNumbers(customs: PrintableCustoms, types: Set<string>): string {
  return (customs.associatedDocuments ?? [])
    .filter((document) => types.has(document.type))
    .map((document) => document.number ?? document.description ?? document.type)
    .join(', ');
}

async function renderCn23(shipment: PrintableShipment, customs: PrintableCustoms): Promise<Buffer> {
  const { doc, bytes } = await startPdf({ size: 'A4', title: `CN 23 ${shipment.shipmentNumber}` });
  doc.addPage({ size: 'A4', margin: 0 });
  const left = 12 * MM;
  const width = 186 * MM;
  const half = width / 2;
  let y = 12 * MM;

  textIn(doc, 'CUSTOMS DECLARATION', { x: left, y, width, size: 15, font: BOLD });
  textIn(doc, 'CN 23', { x: left, y, width, size: 18, font: BOLD, align: 'right' });
  y = textIn(doc, `DÉCLARATION EN DOUANE · Designated operator: ${DESIGNATED_OPERATOR} · May be opened officially`, {
    x: left,
    y: y + 19,
    width,
    size: 8,
  });
  y =
    textIn(doc, `Item No (barcode): ${formatS10(shipment.shipmentNumber)}`, {
      x: left,
      y: y + 4,
      width,
      size: 11,
      font: BOLD,
    }) + 6;

  // Sender and addressee side by side.
  const partiesTop = y;
  textIn(doc, 'From (sender)', { x: left, y, width: half - 6, size: 8, font: BOLD });
  textIn(doc, 'To (addressee)', { x: left + half, y, width: half, size: 8, font: BOLD });
  const senderEnd = textIn(doc, partyBlock(shipment.sender), {
    x: left,
    y: y + 11,
    width: half - 6,
    height: 80,
    size: 9,
  });
  const receiverEnd = textIn(doc, partyBlock(shipment.receiver), {
    x: left + half,
    y: y + 11,
    width: half,
    height: 80,
    size: 9,
  });
  y = Math.max(senderEnd, receiverEnd) + 4;
  const references = [
    customs.exporterVatCode ? `Sender's customs reference (VAT): ${customs.exporterVatCode}` : '',
    customs.importerReference ? `Importer's reference: ${customs.importerReference}` : '',
    customs.importerVatCode ? `Importer's VAT / tax code: ${customs.importerVatCode}` : '',
    customs.voecNumber ? `VOEC number: ${customs.voecNumber}` : '',
  ].filter(Boolean);
  if (references.length > 0) y = textIn(doc, references.join('\n'), { x: left, y, width, size: 8 }) + 2;
  doc
    .save()
    .lineWidth(0.5)
    .rect(left - 3, partiesTop - 3, width + 6, y - partiesTop + 3)
    .stroke()
    .restore();
  y += 8;

  const columns: Column[] = [
    { title: '(1) Detailed description of contents', width: width * 0.34, cell: (i) => i.description },
    { title: '(2) Quantity', width: width * 0.09, align: 'right', cell: (i) => String(i.quantity) },
    { title: '(3) Net weight (kg)', width: width * 0.12, align: 'right', cell: (i) => kilograms(i.weightGrams) },
    { title: `(4) Value`, width: width * 0.14, align: 'right', cell: (i) => money(i.valueCents, customs.currency) },
    { title: '(7) HS tariff number', width: width * 0.15, cell: (i) => i.hsCode ?? '' },
    { title: '(8) Country of origin of goods', width: width * 0.16, cell: (i) => i.originCountryCode ?? '' },
  ];
  y = contentTable(doc, customs, columns, { x: left, y, size: 8.5, maxLines: customs.contents.length > 5 ? 2 : 3 });

  const totals = contentTotals(customs);
  y += 4;
  const totalsText = [
    `(5) Total gross weight (kg): ${kilograms(shipment.weightGrams)}`,
    `(6) Total value: ${money(totals.valueCents, customs.currency)}`,
    `Total net weight of contents (kg): ${kilograms(totals.weightGrams)}`,
    customs.postageCents != null ? `(9) Postal charges/Fees: ${money(customs.postageCents, customs.currency)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  y = textIn(doc, totalsText, { x: left, y, width, size: 9, font: BOLD }) + 8;

  y = textIn(doc, '(10) Category of item', { x: left, y, width, size: 8.5, font: BOLD }) + 3;
  y = categories(doc, customs, left, y, width / 3, 8.5);
  y = textIn(doc, `(11) Explanation: ${customs.explanation ?? ''}`, {
    x: left,
    y: y + 2,
    width,
    height: 24,
    size: 8.5,
  });
  y = textIn(doc, `(12) Comments: ${customs.comments ?? ''}`, { x: left, y: y + 4, width, height: 36, size: 8.5 }) + 6;

  const licence = documentNumbers(customs, LICENCE_TYPES);
  const certificate = documentNumbers(customs, CERTIFICATE_TYPES);
  const invoice = documentNumbers(customs, INVOICE_TYPES);
  const known = new Set([...LICENCE_TYPES, ...CERTIFICATE_TYPES, ...INVOICE_TYPES]);
  const others = (customs.associatedDocuments ?? [])
    .filter((document) => !known.has(document.type))
    .map((document) => `${document.type.replaceAll('_', ' ')}${document.number ? ` ${document.number}` : ''}`)
    .join(', ');
  y = textIn(
    doc,
    [
      `(13) Licence: ${licence || '—'}`,
      `(14) Certificate: ${certificate || '—'}`,
      `(15) Invoice: ${invoice || '—'}`,
      ...(others ? [`Other documents: ${others}`] : []),
    ].join('\n'),
    { x: left, y, width, size: 8.5 },
  );
  y = textIn(doc, `Office of origin / Date of posting: ${DESIGNATED_OPERATOR}, ${rigaDisplayDate(shipment.postedAt)}`, {
    x: left,
    y: y + 8,
    width,
    size: 8.5,
  });
  y = textIn(doc, DECLARATION, { x: left, y: y + 10, width, size: 8 });
  textIn(doc, `Date and sender's signature: ${rigaDisplayDate(shipment.postedAt)}  ${shipment.sender.name}`, {
    x: left,
    y: y + 8,
    width,
    height: 12,
    size: 9,
    font: BOLD,
  });
  doc.end();
  return bytes;
}

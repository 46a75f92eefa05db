import { code128Png } from './barcode';
import { LABEL_HEADINGS, labelContent } from './label-content';
import type { PdfLabelFormat, PrintableShipment } from './model';
import { BOLD, MM, type Pdf, startPdf, textIn } from './pdf';

// Shipping labels (issue 5 §5) as PDF: A6 with one label per page, or A4 with four A6 labels per
// page (2 × 2, cut along the dashed lines). The words are label-content.ts's (shared with the ZPL
// label); the S10 number in large type and as a Code 128 barcode.

const A6 = { width: 105 * MM, height: 148 * MM };
const A4 = { width: 210 * MM, height: 297 * MM };
const PADDING = 5 * MM;

/** Renders one label per shipment as a PDF. Throws a RangeError for an empty list. */
export async function renderPdfLabels(
  shipments: PrintableShipment[],
  options: { format: PdfLabelFormat },
): Promise<Buffer> {
  if (shipments.length === 0) throw new RangeError('no shipments to label');
  const barcodes = await Promise.all(shipments.map((shipment) => code128Png(shipment.shipmentNumber)));
  const title = `Shipping labels ${shipments.map((s) => s.shipmentNumber).join(', ')}`;
  const { doc, bytes } = await startPdf({ size: options.format, title });

  if (options.format === 'A6') {
    shipments.forEach((shipment, index) => {
      doc.addPage({ size: 'A6', margin: 0 });
      drawLabel(doc, shipment, barcodes[index]!, { x: 0, y: 0, ...A6 });
    });
  } else {
    const cell = { width: A4.width / 2, height: A4.height / 2 };
    shipments.forEach((shipment, index) => {
      const slot = index % 4;
      if (slot === 0) {
        doc.addPage({ size: 'A4', margin: 0 });
        drawCutLines(doc);
      }
      const x = (slot % 2) * cell.width;
      const y = Math.floor(slot / 2) * cell.height;
      drawLabel(doc, shipment, barcodes[index]!, { x, y, ...cell });
    });
  }
  doc.end();
  return bytes;
}

function drawCutLines(doc: Pdf): void {
  doc.save().lineWidth(0.5).dash(4, { space: 4 }).strokeColor('#999999');
  doc
    .moveTo(A4.width / 2, 0)
    .lineTo(A4.width / 2, A4.height)
    .stroke();
  doc
    .moveTo(0, A4.height / 2)
    .lineTo(A4.width, A4.height / 2)
    .stroke();
  doc.undash().restore();
}

interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

function drawLabel(doc: Pdf, shipment: PrintableShipment, barcode: Buffer, area: Area): void {
  const content = labelContent(shipment);
  const left = area.x + PADDING;
  const width = area.width - 2 * PADDING;
  doc.save().lineWidth(1).strokeColor('#000000');
  doc.rect(area.x + PADDING / 2, area.y + PADDING / 2, area.width - PADDING, area.height - PADDING).stroke();
  doc.restore();

  // Product and date of posting.
  let y = area.y + PADDING;
  const dateWidth = 22 * MM;
  textIn(doc, content.product, { x: left, y, width: width - dateWidth, height: 24, size: 10, font: BOLD });
  textIn(doc, content.postedOn, {
    x: left + width - dateWidth,
    y,
    width: dateWidth,
    size: 8,
    align: 'right',
  });
  y += 26;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 4;

  // Sender, small.
  y = textIn(doc, LABEL_HEADINGS.sender, { x: left, y, width, size: 6.5, font: BOLD });
  y = textIn(doc, content.senderLines.join('\n'), { x: left, y: y + 1, width, height: 52, size: 7.5 }) + 4;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 4;

  // Receiver, large: what the carrier reads.
  y = textIn(doc, LABEL_HEADINGS.receiver, { x: left, y, width, size: 6.5, font: BOLD });
  y = textIn(doc, content.receiverLines.join('\n'), { x: left, y: y + 2, width, height: 80, size: 10.5 });
  y = textIn(doc, content.receiverCountry, {
    x: left,
    y: y + 2,
    width,
    height: 16,
    size: 12,
    font: BOLD,
  });
  if (content.deliveryPoint) {
    y = textIn(doc, content.deliveryPoint, { x: left, y: y + 2, width, height: 22, size: 8 });
  }
  y += 4;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 4;

  // Weight and services.
  y = textIn(doc, content.weight, { x: left, y, width, size: 9, font: BOLD });
  if (content.services) {
    y = textIn(doc, content.services, { x: left, y: y + 1, width, height: 20, size: 8 });
  }

  // Barcode and number at the bottom of the label.
  const numberSize = 17;
  const numberY = area.y + area.height - PADDING - numberSize - 2;
  const barcodeHeight = 16 * MM;
  const barcodeY = numberY - barcodeHeight - 2;
  doc.image(barcode, left, barcodeY, { fit: [width, barcodeHeight], align: 'center', valign: 'center' });
  textIn(doc, content.shipmentNumber, {
    x: left,
    y: numberY,
    width,
    size: numberSize,
    font: BOLD,
    align: 'center',
  });
}

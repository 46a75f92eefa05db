import { PDF_FONTS } from '../../../pdf/fonts';
import { loadPdfKit } from '../../../pdf/pdfkit';
import type { PriceTable } from './price-table';

const MARGIN = 40;
const CELL_PADDING = 4;
/** Relative column widths: product, country, price, delivery, max weight, size limit. */
const COLUMN_WEIGHTS = [30, 13, 13, 13, 10, 21];
const FONT_SIZE = 9;

/** The price table as an A4 landscape PDF with the table repeated header on every page. */
export async function writePricePdf(table: PriceTable, createdAt: Date): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    lang: table.locale,
    info: { Title: table.title, Creator: 'Postal self-service portal', CreationDate: createdAt },
  });
  doc.registerFont('regular', PDF_FONTS.regular);
  doc.registerFont('bold', PDF_FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(16).text(table.title);
  doc.moveDown(0.5);
  for (const fact of table.facts) {
    doc.font('bold').fontSize(10).text(`${fact.label}: `, { continued: true });
    doc.font('regular').text(fact.value);
  }
  doc.moveDown(1);

  const width = doc.page.width - 2 * MARGIN;
  const total = COLUMN_WEIGHTS.reduce((sum, weight) => sum + weight, 0);
  const widths = COLUMN_WEIGHTS.map((weight) => (weight / total) * width);

  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(FONT_SIZE);
    return (
      Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: widths[index]! - 2 * CELL_PADDING }))) +
      2 * CELL_PADDING
    );
  };
  const drawRow = (cells: string[], font: string, shaded: boolean) => {
    const height = rowHeight(cells, font);
    if (doc.y + height > doc.page.height - MARGIN) {
      doc.addPage();
      drawRow(table.columns, 'bold', true);
    }
    const top = doc.y;
    if (shaded) doc.rect(MARGIN, top, width, height).fill('#e8eef7');
    doc.fillColor('black').font(font).fontSize(FONT_SIZE);
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const cellWidth = widths[index]!;
      doc.text(cell, x + CELL_PADDING, top + CELL_PADDING, { width: cellWidth - 2 * CELL_PADDING });
      x += cellWidth;
    });
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + width, top + height)
      .lineWidth(0.5)
      .strokeColor('#9aa7b8')
      .stroke();
    doc.x = MARGIN;
    doc.y = top + height;
  };

  drawRow(table.columns, 'bold', true);
  for (const row of table.rows) {
    drawRow([row.product, row.country, row.price, row.deliveryDays, row.maxWeight, row.sizeLimit], 'regular', false);
  }
  if (table.notes.length > 0) {
    doc.moveDown(1);
    doc.font('regular').fontSize(FONT_SIZE);
    for (const note of table.notes) doc.text(note, MARGIN, doc.y, { width });
  }
  doc.end();
  return done;
}

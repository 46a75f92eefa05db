import type PDFDocument from 'pdfkit';
import { PDF_FONTS } from '../../pdf/fonts';
import { loadPdfKit } from '../../pdf/pdfkit';

export type Pdf = InstanceType<typeof PDFDocument>;

export const REGULAR = 'regular';
export const BOLD = 'bold';

/** Points per millimetre (PDF units are 1/72 inch). */
export const MM = 72 / 25.4;

/**
 * A new document in DejaVu Sans, without margins (the renderers place everything
 * themselves), and the promise of its bytes once `end()` is called.
 */
export async function startPdf(options: { size: 'A4' | 'A6'; title: string; lang?: string }): Promise<{
  doc: Pdf;
  bytes: Promise<Buffer>;
}> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: options.size,
    margin: 0,
    autoFirstPage: false,
    lang: options.lang ?? 'en',
    info: { Title: options.title, Creator: 'Postal self-service portal' },
  });
  doc.registerFont(REGULAR, PDF_FONTS.regular);
  doc.registerFont(BOLD, PDF_FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

export interface TextBox {
  x: number;
  y: number;
  width: number;
  /** Lines beyond this height are cut with an ellipsis (a label never overflows onto a new page). */
  height?: number;
  size: number;
  font?: typeof REGULAR | typeof BOLD;
  align?: 'left' | 'center' | 'right';
}

/** Writes text in a box and returns the y below it. */
export function textIn(doc: Pdf, text: string, box: TextBox): number {
  doc.font(box.font ?? REGULAR).fontSize(box.size);
  const options = {
    width: box.width,
    align: box.align ?? 'left',
    lineGap: 0,
    ...(box.height !== undefined ? { height: box.height, ellipsis: true } : {}),
  };
  const height = Math.min(doc.heightOfString(text, options), box.height ?? Number.POSITIVE_INFINITY);
  doc.text(text, box.x, box.y, options);
  return box.y + height;
}

/** Kilograms with three decimals and a decimal comma, as customs forms want them: 1234 g → "1,234". */
export function kilograms(grams: number): string {
  return (grams / 1000).toFixed(3).replace('.', ',');
}

import { renderPdfLabels } from './labels';
import type { LabelFormat, PrintableShipment } from './model';
import { renderZplLabels } from './zpl';

// The shipping labels in the format asked for (issue 20 item 4): the one entry the orders module
// and the post office hand-over use, and what the file is called and sent as.

/** The file of each format: PDF for the paper formats, ZPL II as text for thermal printers. */
export const LABEL_FILES: Record<LabelFormat, { contentType: string; extension: string }> = {
  A6: { contentType: 'application/pdf', extension: 'pdf' },
  A4: { contentType: 'application/pdf', extension: 'pdf' },
  // `application/zpl` is not registered with IANA; printers' tools and browsers treat ZPL as the
  // plain text it is, so a download saves it unchanged under its .zpl name.
  zpl: { contentType: 'text/plain; charset=utf-8', extension: 'zpl' },
};

/** One label per shipment: A6 pages, four per A4 page, or one ZPL format each. RangeError for none. */
export async function renderLabels(shipments: PrintableShipment[], options: { format: LabelFormat }): Promise<Buffer> {
  return options.format === 'zpl' ? renderZplLabels(shipments) : renderPdfLabels(shipments, { format: options.format });
}

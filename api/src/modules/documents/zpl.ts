import { LABEL_HEADINGS, type LabelContent, labelContent } from './label-content';
import type { PrintableShipment } from './model';

// Shipping labels as ZPL II for thermal printers (issue 20 item 4): one 100 × 150 mm label per
// shipment, each its own format (^XA … ^XZ), all in one download the printer takes as sent. The
// words are label-content.ts's, as on the PDF label.
//
// Size: "100 × 150 mm" thermal stock is the metric name of 4 × 6 inch labels (101.6 × 152.4 mm).
// Desktop and courier label printers print it at 203 dpi (8 dots per mm), so the label is
// 4 × 203 = 812 dots wide (^PW) and 6 × 203 = 1218 dots long (^LL). ZPL positions are in dots, so a
// 300 dpi printer would print this format at two thirds of the size.
//
// Letters: ^CI28 makes every field UTF-8, and the texts are set in Swiss 721 (the Unicode
// TrueType font current Zebra printers keep resident as E:TT0003M_.FNT, bound to the font name S
// with ^CW): it has the Latvian letters ā č ē ģ ī ķ ļ ņ š ū ž, which the bitmap fonts A–H lack and
// which the scalable font 0 cannot be relied on for. A printer without that file needs it (or
// another Unicode TrueType font under that name) downloaded once.
// Field data go through ^FH so that ^, ~ and control characters in a name cannot end a field or
// start a command: they are written as _XX, the hexadecimal of their UTF-8 bytes.

/** 203 dpi: dots per inch of the printers the label is made for. */
export const ZPL_DPI = 203;
export const ZPL_LABEL_WIDTH = 4 * ZPL_DPI; // 812 dots = 101.6 mm
export const ZPL_LABEL_LENGTH = 6 * ZPL_DPI; // 1218 dots = 152.4 mm
/** The resident Unicode font and the one-letter name the fields use for it. */
export const ZPL_FONT_FILE = 'E:TT0003M_.FNT';
const FONT = 'S';

const MARGIN = 32;
const WIDTH = ZPL_LABEL_WIDTH - 2 * MARGIN;
/** Narrow bar of the barcode, dots (0.375 mm): well above what scanners need at 203 dpi. */
const MODULE = 3;
const BARCODE_HEIGHT = 200;

/**
 * Letters are drawn 0.6 times as wide as they are high (^A's width): Swiss 721 stays readable, and
 * long names fit. Lines are wrapped for a monospaced stand-in, whose every letter is 1.2 times its
 * width wide (what the ZPL renderer the tests use draws): Swiss 721's letters are narrower, so on a
 * printer every line ends before the edge. Longer texts wrap by words, and the last line a block
 * allows ends with an ellipsis, as on the PDF label.
 */
const letterWidth = (height: number) => Math.round(height * 0.6);
const charsPerLine = (height: number, width = WIDTH) => Math.floor(width / (letterWidth(height) * 1.2));

/** Words into at most `maxLines` lines of at most `perLine` characters; what does not fit ends in "…". */
export function wrapLines(lines: string[], perLine: number, maxLines: number): string[] {
  const out: string[] = [];
  for (const line of lines) {
    let current = '';
    for (const word of line.split(/\s+/).filter(Boolean)) {
      const pieces = word.length > perLine ? (word.match(new RegExp(`.{1,${perLine}}`, 'gu')) ?? [word]) : [word];
      for (const piece of pieces) {
        if (current && current.length + 1 + piece.length > perLine) {
          out.push(current);
          current = piece;
        } else {
          current = current ? `${current} ${piece}` : piece;
        }
      }
    }
    if (current) out.push(current);
  }
  if (out.length <= maxLines) return out;
  const kept = out.slice(0, maxLines);
  const last = kept[maxLines - 1] ?? '';
  kept[maxLines - 1] = `${last.length >= perLine ? last.slice(0, perLine - 1) : last}…`;
  return kept;
}

/** Characters ^FH writes as hexadecimal: the command prefixes, its own indicator, \\ and controls. */
const needsHex = (char: string) => '^~_\\'.includes(char) || (char.codePointAt(0) ?? 0) < 0x20 || char === '\u007f';

/** Field data with ^, ~, _ and control characters as ^FH hexadecimal (_XX per UTF-8 byte). */
export function zplFieldData(text: string): string {
  return [...text]
    .map((char) =>
      needsHex(char)
        ? [...Buffer.from(char, 'utf8')].map((byte) => `_${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')
        : char,
    )
    .join('');
}

interface Text {
  x: number;
  y: number;
  height: number;
  text: string;
  /** A one-line block of this width aligned right or centred (^FB); left-aligned text needs none. */
  block?: { width: number; align: 'R' | 'C' };
}

function textField({ x, y, height, text, block }: Text): string {
  const fieldBlock = block ? `^FB${block.width},1,0,${block.align},0` : '';
  return `^FO${x},${y}^A${FONT}N,${height},${letterWidth(height)}${fieldBlock}^FH^FD${zplFieldData(text)}^FS`;
}

/** Lines of one block, `height` dots each, `gap` apart; returns the fields and the y below them. */
function textLines(
  lines: string[],
  x: number,
  y: number,
  height: number,
  gap: number,
): { fields: string[]; y: number } {
  const fields = lines.map((text, index) => textField({ x, y: y + index * (height + gap), height, text }));
  return { fields, y: y + lines.length * (height + gap) };
}

const rule = (y: number) => `^FO${MARGIN},${y}^GB${WIDTH},3,3^FS`;

/** One label's format, ^XA to ^XZ. */
export function zplLabel(content: LabelContent): string {
  const fields: string[] = [];
  // Product (up to two lines) and, on the right, the date of posting.
  const dateWidth = 200;
  const productHeight = 30;
  const product = wrapLines([content.product], charsPerLine(productHeight, WIDTH - dateWidth - 16), 2);
  let block = textLines(product, MARGIN, 36, productHeight, 6);
  fields.push(...block.fields);
  fields.push(
    textField({
      x: MARGIN + WIDTH - dateWidth,
      y: 36,
      height: 24,
      text: content.postedOn,
      block: { width: dateWidth, align: 'R' },
    }),
  );
  let y = Math.max(block.y, 100) + 6;
  fields.push(rule(y));
  y += 14;

  // Sender, small.
  fields.push(textField({ x: MARGIN, y, height: 22, text: LABEL_HEADINGS.sender }));
  block = textLines(wrapLines(content.senderLines, charsPerLine(24), 6), MARGIN, y + 28, 24, 4);
  fields.push(...block.fields);
  y = block.y + 6;
  fields.push(rule(y));
  y += 14;

  // Receiver, large: what the carrier reads.
  fields.push(textField({ x: MARGIN, y, height: 22, text: LABEL_HEADINGS.receiver }));
  block = textLines(wrapLines(content.receiverLines, charsPerLine(40), 5), MARGIN, y + 30, 40, 6);
  fields.push(...block.fields);
  y = block.y + 4;
  const country = wrapLines([content.receiverCountry], charsPerLine(48), 2);
  block = textLines(country, MARGIN, y, 48, 4);
  fields.push(...block.fields);
  y = block.y + 8;
  if (content.deliveryPoint) {
    block = textLines(wrapLines([content.deliveryPoint], charsPerLine(26), 2), MARGIN, y, 26, 4);
    fields.push(...block.fields);
    y = block.y;
  }
  y += 8;
  fields.push(rule(y));
  y += 14;

  // Weight and services.
  fields.push(textField({ x: MARGIN, y, height: 34, text: content.weight }));
  y += 42;
  if (content.services) {
    block = textLines(wrapLines([content.services], charsPerLine(26), 2), MARGIN, y, 26, 4);
    fields.push(...block.fields);
  }

  // Barcode and number at the bottom. Code 128 (^BC, subset B as the S10 number has letters): 13
  // characters plus start, check and stop are 178 modules, 534 dots at 3 dots each, centred with
  // far more than the ten modules of quiet zone on each side. The printer's own interpretation
  // line is off: the number is printed below in large type, grouped as on the PDF label.
  const numberHeight = 60;
  const numberY = ZPL_LABEL_LENGTH - 32 - numberHeight - 8;
  const barcodeY = numberY - BARCODE_HEIGHT - 16;
  const barcodeWidth = (11 * (content.barcode.length + 2) + 13) * MODULE;
  const barcodeX = Math.max(MARGIN, Math.round((ZPL_LABEL_WIDTH - barcodeWidth) / 2));
  fields.push(
    `^BY${MODULE},3,${BARCODE_HEIGHT}^FO${barcodeX},${barcodeY}^BCN,${BARCODE_HEIGHT},N,N,N^FD${zplFieldData(content.barcode)}^FS`,
  );
  fields.push(
    textField({
      x: MARGIN,
      y: numberY,
      height: numberHeight,
      text: content.shipmentNumber,
      block: { width: WIDTH, align: 'C' },
    }),
  );

  return [
    '^XA',
    '^CI28',
    `^PW${ZPL_LABEL_WIDTH}`,
    `^LL${ZPL_LABEL_LENGTH}`,
    '^LH0,0',
    `^CW${FONT},${ZPL_FONT_FILE}`,
    // A frame as on the PDF label.
    `^FO16,16^GB${ZPL_LABEL_WIDTH - 32},${ZPL_LABEL_LENGTH - 32},3^FS`,
    ...fields,
    '^PQ1',
    '^XZ',
  ].join('\n');
}

/** One ^XA…^XZ label per shipment, UTF-8. Throws a RangeError for an empty list. */
export function renderZplLabels(shipments: PrintableShipment[]): Buffer {
  if (shipments.length === 0) throw new RangeError('no shipments to label');
  return Buffer.from(`${shipments.map((shipment) => zplLabel(labelContent(shipment))).join('\n')}\n`, 'utf8');
}

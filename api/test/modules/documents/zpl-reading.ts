// Reading ZPL back in the tests: the commands a label is made of (field origin and data pairs, the
// Code 128 barcode, the label size and character set), written for these tests; the rendering of
// the same text to an image is zpl-renderer-js's (zebrash in WebAssembly, no web service).

export interface ZplField {
  x: number;
  y: number;
  /** The field's data with its ^FH escapes decoded. */
  text: string;
  /** `^A` font command of the field (e.g. `SN,40,40`), if any. */
  font: string | null;
  /** `^BC` parameters for a Code 128 field, null for text. */
  barcode: string | null;
}

export interface ZplLabel {
  width: number | null;
  length: number | null;
  charset: string | null;
  fontAssignments: string[];
  fields: ZplField[];
  /** Every command in order, name only (`XA`, `FO`, …). */
  commands: string[];
}

/** ^FH hexadecimal: `_XX` bytes decoded as UTF-8 (the format sets ^CI28). */
function decodeHex(data: string): string {
  const bytes: number[] = [];
  const raw = Buffer.from(data, 'utf8');
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === 0x5f && i + 2 < raw.length) {
      bytes.push(Number.parseInt(raw.subarray(i + 1, i + 3).toString('latin1'), 16));
      i += 2;
    } else bytes.push(raw[i]!);
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Splits a ZPL stream into labels (^XA … ^XZ) and reads their fields. Throws on text outside a label. */
export function parseZpl(zpl: string): ZplLabel[] {
  const labels: ZplLabel[] = [];
  const outside = zpl.replace(/\^XA[\s\S]*?\^XZ/g, '').trim();
  if (outside !== '') throw new Error(`text outside ^XA…^XZ: ${outside.slice(0, 40)}`);
  for (const [, body] of zpl.matchAll(/\^XA([\s\S]*?)\^XZ/g)) {
    const label: ZplLabel = {
      width: null,
      length: null,
      charset: null,
      fontAssignments: [],
      fields: [],
      commands: ['XA'],
    };
    let origin: { x: number; y: number } | null = null;
    let font: string | null = null;
    let barcode: string | null = null;
    let hex = false;
    // Commands start with ^ (or ~) and a two-character name (^A: A and the font's name); a field's
    // data runs up to the next ^ or ~ (which ^FH escapes in it).
    for (const [, name, argument] of (body ?? '').matchAll(/[\^~]([A-Z@][A-Z0-9@]?)([^^~]*)/g)) {
      const command = name!;
      const args = (argument ?? '').replace(/\n$/, '');
      label.commands.push(command);
      if (command === 'PW') label.width = Number(args);
      else if (command === 'LL') label.length = Number(args);
      else if (command === 'CI') label.charset = args;
      else if (command === 'CW') label.fontAssignments.push(args);
      else if (command === 'FO') {
        const [x, y] = args.split(',').map(Number);
        origin = { x: x!, y: y! };
      } else if (command.startsWith('A') && command.length === 2 && command !== 'A@') font = command.slice(1) + args;
      else if (command === 'BC') barcode = args;
      else if (command === 'FH') hex = true;
      else if (command === 'FD') {
        if (!origin) throw new Error('field data without a field origin');
        label.fields.push({ ...origin, text: hex ? decodeHex(args) : args, font, barcode });
      } else if (command === 'FS') {
        origin = null;
        font = null;
        barcode = null;
        hex = false;
      }
    }
    label.commands.push('XZ');
    labels.push(label);
  }
  return labels;
}

/** Size of a PNG from its header: [width, height]. */
export function pngSize(png: Uint8Array): [number, number] {
  const view = Buffer.from(png);
  return [view.readUInt32BE(16), view.readUInt32BE(20)];
}

import { createDeflateRaw, deflateRawSync } from 'node:zlib';

// Zip files written byte by byte for the upload budget's tests (issue 36 item 3): a workbook's
// parts, one of which may be a "bomb", a deflate stream of a long run of zeros whose headers claim
// whatever the test wants. CRCs are left at 0: the files are refused before anyone checks them.

export interface ZipPart {
  name: string;
  /** The deflate stream (method 8). */
  packed: Buffer;
  /** The size the local header and the central directory claim. */
  claimedSize: number;
}

export const part = (name: string, text: string): ZipPart => ({
  name,
  packed: deflateRawSync(Buffer.from(text)),
  claimedSize: Buffer.byteLength(text),
});

/** `megabytes` MB of zeros deflated, fed 1 MB at a time (the test never holds them unpacked). */
export async function deflatedZeros(megabytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let index = 0; index < megabytes; index++) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  const ended = new Promise((resolve) => deflate.once('end', resolve));
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

/** A zip of `parts`: local headers, data, central directory, end record. */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, packed, claimedSize } of parts) {
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(claimedSize, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(claimedSize, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    directory.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

/** The parts a workbook needs besides its sheet (enough for the reader to take it for XLSX). */
export const WORKBOOK_PARTS: readonly ZipPart[] = [
  part(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  ),
  part('xl/workbook.xml', '<?xml version="1.0"?><workbook/>'),
];

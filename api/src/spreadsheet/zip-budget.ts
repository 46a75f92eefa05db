import { Inflate } from 'fflate';

// The budget of a zip-based upload (XLSX; issue 36 item 3). A zip's central directory and local
// headers only *claim* the sizes of its entries: a 1 MB file whose deflate streams expand to
// gigabytes can claim a few kilobytes. So the claims are checked first (cheap: no inflating), and
// then every entry is inflated with its real output counted as it comes, a little input at a time,
// stopping at the first byte over a ceiling: no more than a few megabytes are ever held, whatever the
// file claims or holds. fflate's streaming `Inflate` (pure JavaScript, no dependencies, well kept)
// does the inflating: it is synchronous, so it runs on the reading worker's own thread, not on
// libuv's pool that Node's zlib streams would share with the file system and DNS.

export interface ZipBudget {
  /** Entries the directory may list. */
  maxEntries: number;
  /** Bytes all entries together may unpack to. */
  maxUnpackedBytes: number;
  /** Unpacked to packed bytes of one entry, once it has unpacked more than `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

/**
 * An honest workbook of 10,000 contacts is 0.5 MB packed and 5 MB unpacked (ratio about 10); the
 * ceilings leave twenty times that room. A run of zeros deflates at a ratio of about 1,000.
 */
export const ZIP_BUDGET: ZipBudget = {
  maxEntries: 1_000,
  maxUnpackedBytes: 100 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

/** Why a zip is refused: not a zip this reader understands, or over its budget. */
export class ZipRefusal extends Error {
  constructor(readonly reason: 'notZip' | 'overBudget') {
    super(reason);
    this.name = 'ZipRefusal';
  }
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  packedSize: number;
  /** The size the central directory claims. */
  declaredSize: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** Compressed bytes given to the inflater at a time: deflate's ratio is at most ~1,032, so ~4 MB out. */
const INPUT_STEP = 4096;

/** The central directory's entries, checked against the budget by their claims (no inflating). */
export function zipDirectory(file: Uint8Array, budget: ZipBudget = ZIP_BUDGET): ZipEntry[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const u32 = (at: number) => view.getUint32(at, true);
  const u16 = (at: number) => view.getUint16(at, true);
  if (file.length < 22 || u32(0) !== LOCAL_HEADER) throw new ZipRefusal('notZip');
  let end = -1;
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - 0xffff); at--) {
    if (u32(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipRefusal('notZip');
  const count = u16(end + 10);
  // 0xffff entries or an offset of 0xffffffff: ZIP64, which no honest upload of this size needs.
  if (count > budget.maxEntries) throw new ZipRefusal('overBudget');
  let at = u32(end + 16);
  const entries: ZipEntry[] = [];
  let declared = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > file.length || u32(at) !== DIRECTORY_ENTRY) throw new ZipRefusal('notZip');
    const nameLength = u16(at + 28);
    const entry: ZipEntry = {
      name: new TextDecoder().decode(file.subarray(at + 46, at + 46 + nameLength)),
      method: u16(at + 10),
      packedSize: u32(at + 20),
      declaredSize: u32(at + 24),
      localHeaderOffset: u32(at + 42),
    };
    if ([entry.packedSize, entry.declaredSize, entry.localHeaderOffset].includes(0xffffffff)) {
      throw new ZipRefusal('overBudget');
    }
    if (entry.method !== 0 && entry.method !== 8) throw new ZipRefusal('notZip');
    declared += entry.declaredSize;
    if (declared > budget.maxUnpackedBytes) throw new ZipRefusal('overBudget');
    entries.push(entry);
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
  }
  return entries;
}

/**
 * Inflates every entry, counting what it really unpacks to; refused as soon as an entry unpacks to
 * more than it claims or than the ratio allows, or all together to more than the budget. Returns
 * the real unpacked total.
 */
export function measureZip(file: Uint8Array, entries: readonly ZipEntry[], budget: ZipBudget = ZIP_BUDGET): number {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let total = 0;
  for (const entry of entries) {
    const header = entry.localHeaderOffset;
    if (header + 30 > file.length || view.getUint32(header, true) !== LOCAL_HEADER) throw new ZipRefusal('notZip');
    const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
    if (start + entry.packedSize > file.length) throw new ZipRefusal('notZip');
    const packed = file.subarray(start, start + entry.packedSize);
    let unpacked = 0;
    const count = (bytes: number, consumed: number) => {
      unpacked += bytes;
      if (
        unpacked > entry.declaredSize ||
        total + unpacked > budget.maxUnpackedBytes ||
        (unpacked > budget.ratioFloorBytes && unpacked > budget.maxRatio * Math.max(1, consumed))
      ) {
        throw new ZipRefusal('overBudget');
      }
    };
    if (entry.method === 0) {
      count(packed.length, packed.length);
    } else {
      let consumed = 0;
      let ended = false;
      const inflater = new Inflate((chunk, final) => {
        count(chunk.length, consumed);
        if (final) ended = true;
      });
      try {
        for (let at = 0; at < packed.length && !ended; at += INPUT_STEP) {
          const piece = packed.subarray(at, at + INPUT_STEP);
          consumed += piece.length;
          inflater.push(piece, at + INPUT_STEP >= packed.length);
        }
      } catch (error) {
        if (error instanceof ZipRefusal) throw error;
        throw new ZipRefusal('notZip');
      }
      if (!ended && packed.length > 0) throw new ZipRefusal('notZip');
    }
    // An entry that unpacks to less than it claims is damaged (exceljs would refuse it too).
    if (unpacked !== entry.declaredSize) throw new ZipRefusal('notZip');
    total += unpacked;
  }
  return total;
}

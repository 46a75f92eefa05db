import { detectCfbf } from '@file-type/cfbf';
import type { Detector, FileTypeResult } from 'file-type';
import { FileTypeParser } from 'file-type/node';

/** Latvia's e-signature container, `.edoc`: ETSI ASiC-E (EN 319 162-1). */
const ASIC_E_TYPE = 'application/vnd.etsi.asic-e+zip';
const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_HEADER_BYTES = 30;
const STORED = 0;

/**
 * An ASiC-E container is a zip whose first entry is `mimetype`, stored uncompressed, holding
 * `application/vnd.etsi.asic-e+zip` (EN 319 162-1 §A.1). file-type reads the `mimetype` entry of
 * EPUB and OpenDocument files the same way but does not know this one, so it would say "zip".
 */
export const detectAsicE: Detector = {
  id: 'asic-e',
  async detect(tokenizer) {
    const header = new Uint8Array(ZIP_HEADER_BYTES);
    if ((await tokenizer.peekBuffer(header, { length: ZIP_HEADER_BYTES, mayBeLess: true })) < ZIP_HEADER_BYTES) {
      return undefined;
    }
    const view = new DataView(header.buffer);
    if (view.getUint32(0, true) !== ZIP_LOCAL_HEADER || view.getUint16(8, true) !== STORED) return undefined;
    const nameLength = view.getUint16(26, true);
    const extraLength = view.getUint16(28, true);
    const total = ZIP_HEADER_BYTES + nameLength + extraLength + ASIC_E_TYPE.length;
    const entry = new Uint8Array(total);
    if ((await tokenizer.peekBuffer(entry, { length: total, mayBeLess: true })) < total) return undefined;
    const decode = (from: number, length: number) => new TextDecoder().decode(entry.subarray(from, from + length));
    if (decode(ZIP_HEADER_BYTES, nameLength) !== 'mimetype') return undefined;
    const content = decode(ZIP_HEADER_BYTES + nameLength + extraLength, ASIC_E_TYPE.length);
    // `edoc` is not among file-type's own extensions, hence the cast.
    return content === ASIC_E_TYPE ? ({ ext: 'edoc', mime: ASIC_E_TYPE } as unknown as FileTypeResult) : undefined;
  },
};

/**
 * The media type of a file judged by its content (magic bytes and container structure), never by
 * its name: file-type for the common formats, with detectors for the two it leaves vague (Word 97
 * documents among other OLE compound files, where an `.msi` installer is one too; `.edoc` among zips).
 * Null when nothing is recognised (plain text, an unknown binary).
 */
export async function detectContentType(path: string): Promise<string | null> {
  const parser = new FileTypeParser({ customDetectors: [detectCfbf, detectAsicE] });
  return (await parser.fromFile(path))?.mime ?? null;
}

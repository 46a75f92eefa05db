import ExcelJS from 'exceljs';

// Files for the upload tests, made here byte by byte so that their content is what the test says:
// a PDF, a PNG and an eDoc container are real in their first bytes (what content detection reads),
// the "executable" is a Windows program's header, the workbook is written by exceljs.

/** A small PDF (header, one object, trailer). */
export const pdf = (text = 'complaint evidence') =>
  Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Title (${text}) >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');

/** The start of a Windows executable: the MZ header pointing at a PE signature. */
export function windowsExecutable(): Buffer {
  const bytes = Buffer.alloc(256);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

/** A PNG's signature and IHDR chunk (1 × 1 pixel). */
export function png(): Buffer {
  const ihdr = Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex');
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr, Buffer.from('0000000049454e44ae426082', 'hex')]);
}

/** An eDoc (ETSI ASiC-E) container's first zip entry: `mimetype`, stored, with its media type. */
export function edoc(): Buffer {
  const name = Buffer.from('mimetype');
  const content = Buffer.from('application/vnd.etsi.asic-e+zip');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(10, 4); // version needed
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt32LE(content.length, 18);
  header.writeUInt32LE(content.length, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name, content, Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);
}

export async function xlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Value').addRow(['Vase', 25.5]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface UploadFile {
  field?: string;
  name: string;
  bytes: Buffer;
  /** What the browser claims; the API never trusts it. */
  type?: string;
}

/** A multipart/form-data body as a browser's FormData sends it: the complaint as JSON, then the files. */
export async function multipart(
  complaint: unknown,
  files: readonly UploadFile[],
  extraFields: Record<string, string> = {},
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  if (complaint !== undefined)
    form.append('complaint', typeof complaint === 'string' ? complaint : JSON.stringify(complaint));
  for (const [name, value] of Object.entries(extraFields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field ?? 'attachments',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }),
      file.name,
    );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

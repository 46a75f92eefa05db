import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// Reading the PDFs back in the tests: text, images and rendered pages with pdf-parse (pdf.js),
// barcodes with zxing-wasm. Test files that import this carry the docblock
// `@jest-environment ./api/test/modules/documents/pdf-environment.cjs`, which loads pdf-parse
// outside Jest's sandbox (see there why); jest.mock is hoisted above the imports.
declare const nativeModules: Record<string, unknown>;
jest.mock('pdf-parse', () => nativeModules['pdf-parse']);

let zxingReady: Promise<unknown> | undefined;

/** zxing's WebAssembly from node_modules: never fetched from the internet (its default is a CDN). */
function zxing(): Promise<unknown> {
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  zxingReady ??= prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
  return zxingReady;
}

/** The Code 128 texts found in an image (PNG bytes or raw). */
export async function decodeCode128(image: Uint8Array): Promise<string[]> {
  return (await findCode128(image)).map((found) => found.text);
}

/** The Code 128 barcodes found in an image, with the corners where each was found (pixels). */
export async function findCode128(
  image: Uint8Array,
): Promise<{ text: string; left: number; right: number; top: number; bottom: number }[]> {
  await zxing();
  const results = await readBarcodes(image, { formats: ['Code128'], tryHarder: true });
  return results
    .filter((result) => result.isValid)
    .map(({ text, position }) => {
      const corners = [position.topLeft, position.topRight, position.bottomLeft, position.bottomRight];
      const xs = corners.map((corner) => corner.x);
      const ys = corners.map((corner) => corner.y);
      return { text, left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
    });
}

export interface ReadPdf {
  /** Text per page. */
  pages: string[];
  /** Embedded images per page, as PNG. */
  images: Uint8Array[][];
  /** Each page rendered to a PNG (what a printer would print). */
  screenshots: Uint8Array[];
  /** MediaBox of each page in points, [width, height]. */
  pageSizes: [number, number][];
}

export async function readPdf(pdf: Buffer): Promise<ReadPdf> {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = await parser.getText();
    const images = await parser.getImage({ imageBuffer: true, imageDataUrl: false });
    const screenshots = await parser.getScreenshot({ scale: 2, imageBuffer: true, imageDataUrl: false });
    return {
      pages: text.pages.map((page) => page.text),
      images: images.pages.map((page) => page.images.map((image) => image.data)),
      screenshots: screenshots.pages.map((page) => page.data),
      pageSizes: [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map(
        (match) => [Number(match[1]), Number(match[2])] as [number, number],
      ),
    };
  } finally {
    await parser.destroy();
  }
}

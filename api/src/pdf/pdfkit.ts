import type PDFDocument from 'pdfkit';

export type PdfDocumentClass = typeof PDFDocument;

let loading: Promise<PdfDocumentClass> | undefined;

/**
 * PDFKit, loaded at the first PDF rather than with the API (about 0.15 s in Node, 0.3 s in each jest
 * test file): labels, customs forms and price lists need it, most requests never do. Every user of
 * PDFKit takes it from here.
 */
export function loadPdfKit(): Promise<PdfDocumentClass> {
  loading ??= import('pdfkit').then((module) => module.default);
  return loading;
}

// Documents of a paid shipment (issue 5 §5): shipping labels (A6 or four per A4 page as PDF, or ZPL
// for 100 × 150 mm thermal printers) and the customs declaration (CN 22 / CN 23). Pure functions
// from a PrintableShipment to the file's bytes.
export { code128Png } from './barcode';
export { CN22_MAX_VALUE_CENTS, contentTotals, customsFormFor, renderCustomsDeclaration } from './customs';
export { type LabelContent, labelContent } from './label-content';
export { LABEL_FILES, renderLabels } from './label-formats';
export type {
  CustomsFormType,
  LabelFormat,
  PdfLabelFormat,
  PrintableAddress,
  PrintableAssociatedDocument,
  PrintableContentItem,
  PrintableCustoms,
  PrintableParty,
  PrintableShipment,
} from './model';
export { type DocumentRenderer, type DocumentTask, documentRenderer, renderDocument } from './render';

// Documents of a paid shipment (issue 5 §5): shipping labels (A6, or four per A4 page) and the
// customs declaration (CN 22 / CN 23). Pure functions from a PrintableShipment to PDF bytes.
export { code128Png } from './barcode';
export { CN22_MAX_VALUE_CENTS, contentTotals, customsFormFor, renderCustomsDeclaration } from './customs';
export { renderLabels } from './labels';
export type {
  CustomsFormType,
  LabelFormat,
  PrintableAddress,
  PrintableAssociatedDocument,
  PrintableContentItem,
  PrintableCustoms,
  PrintableParty,
  PrintableShipment,
} from './model';
export { type DocumentRenderer, type DocumentTask, documentRenderer, renderDocument } from './render';

// The feature's public entry: other features of this remote import only what is listed here
// (dependency-cruiser's feature-inner-file rule).

export { HandoverQr } from './components/HandoverQr';
export { LineDocuments } from './components/LineDocuments';
export * from './components/PaymentResultPage';
export { default as PaymentResultPage } from './components/PaymentResultPage';
export { dropOffOf, hasCustomsDocument } from './instructions';
export * from './result';

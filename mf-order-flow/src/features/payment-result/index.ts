// The folder's entry. Inside a remote, features never import each other; what several use lives in
// shared/, and pages compose features (dependency-cruiser's Feature-Sliced rules, issue 39).

export { LineDocuments } from './components/LineDocuments';
export * from './components/PaymentResultPage';
export { default as PaymentResultPage } from './components/PaymentResultPage';
export { dropOffOf, hasCustomsDocument } from './instructions';
export * from './result';

// The HS code search and picker of the wizard's content step, shared with the bulk templates
// (issue 40 item 6): features never import each other, so what both use lives here.
export { HsCodePicker, type PickedHsCode } from './HsCodePicker';

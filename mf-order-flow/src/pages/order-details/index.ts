// The feature's public entry: other features of this remote import only what is listed here
// (dependency-cruiser's feature-inner-file rule).

export { awaitsHandOver, complaintPath, courierSlotOf, orderNumber, trackingPath } from './model';
export { default as OrderDetailsPage } from './OrderDetailsPage';

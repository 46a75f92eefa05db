// The folder's entry: the hand-over QR of a paid order or of a return, shown by the payment result,
// the order page (its shipments' returns too) and the /returns page.
export { HANDOVER_NOT_YET_RETRIES, HandoverQr } from './HandoverQr';

/** The payment outcomes the payment page returns to (`/orders/{type}/{key}/{result}`, SPEC §4). */
export type PaymentResult = 'success' | 'failed' | 'cancelled';

export function isPaymentResult(value: string | undefined): value is PaymentResult {
  return value === 'success' || value === 'failed' || value === 'cancelled';
}

// Payments (DESIGN §5): the provider interface, the sandbox provider with its hosted page, and
// the callback path. No tables: the orders module keeps the payments and implements settlement.
export { receivePaymentCallback } from './callbacks';
export {
  PaymentCallbackError,
  type PaymentCallbackFailure,
  type PaymentCallbackRequest,
  PaymentInputError,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentResult,
  type PaymentSettlement,
  RESULT_OF_OUTCOME,
  type SettlementResult,
  type StartedPayment,
  type StartPaymentInput,
  type VerifiedPaymentCallback,
} from './provider';
export { assertReturnUrl, PAYMENT_RESULT_PLACEHOLDER, returnUrlFor } from './return-url';
export { type PaymentRoutesOptions, paymentRoutes } from './routes';
export {
  SANDBOX_PROVIDER_ID,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxPayment,
  SandboxPaymentProvider,
  type SandboxProviderOptions,
} from './sandbox-provider';
export { checkedPayment, PaymentSettlements, type RecordedPayment } from './settlements';
export { STRIPE_PROVIDER_ID, StripePaymentProvider, type StripeProviderOptions } from './stripe-provider';

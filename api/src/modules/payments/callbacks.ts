import type { PaymentCallbackRequest, PaymentProvider, PaymentSettlement, SettlementResult } from './provider';

/**
 * The one path every payment callback takes, the sandbox's in-process one and a provider's
 * HTTP one alike: the provider verifies it (throws PaymentCallbackError when it must not be
 * trusted), then the orders module settles it (idempotently).
 */
export async function receivePaymentCallback(
  provider: PaymentProvider,
  settlement: PaymentSettlement,
  request: PaymentCallbackRequest,
): Promise<SettlementResult> {
  const verified = await provider.parseCallback(request);
  return settlement.settle(verified);
}

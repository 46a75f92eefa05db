import { PaymentCallbackError, PaymentSettlements, type VerifiedPaymentCallback } from '../../../src/modules/payments';

// Each module that takes payments settles its own (issue 40: the returns the customer pays for beside
// the orders): the callback routes hand each callback over by its reference's prefix.

const callback = (reference: string): VerifiedPaymentCallback => ({
  providerId: 'sandbox',
  providerPaymentId: `id-${reference}`,
  eventId: `event-${reference}`,
  reference,
  amountCents: 350,
  currency: 'EUR',
  outcome: 'paid',
  occurredAt: new Date('2026-12-07T10:00:00Z'),
});

const recorder = (name: string, seen: string[]) => ({
  settle: async (verified: VerifiedPaymentCallback) => {
    seen.push(`${name}:${verified.reference}`);
    return { outcome: verified.outcome };
  },
});

describe('PaymentSettlements', () => {
  it('sends a reference with a module’s prefix to that module and every other to the default', async () => {
    const seen: string[] = [];
    const settlements = new PaymentSettlements();
    settlements.add('return:', recorder('returns', seen));
    settlements.add('', recorder('orders', seen));
    await settlements.settle(callback('return:abc'));
    await settlements.settle(callback('Zm9vYmFy'));
    // Base64url references may start with the prefix's letters: only the whole prefix counts.
    await settlements.settle(callback('returnabc'));
    expect(seen).toEqual(['returns:return:abc', 'orders:Zm9vYmFy', 'orders:returnabc']);
  });

  it('refuses a callback nobody settles as an unknown payment', async () => {
    const settlements = new PaymentSettlements();
    settlements.add('return:', recorder('returns', []));
    await expect(settlements.settle(callback('Zm9vYmFy'))).rejects.toEqual(
      expect.objectContaining({ reason: 'unknownPayment' }),
    );
    await expect(settlements.settle(callback('Zm9vYmFy'))).rejects.toBeInstanceOf(PaymentCallbackError);
  });
});

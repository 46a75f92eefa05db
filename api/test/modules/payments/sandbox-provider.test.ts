import {
  PaymentCallbackError,
  PaymentInputError,
  SANDBOX_SIGNATURE_HEADER,
  SandboxPaymentProvider,
  type StartPaymentInput,
} from '../../../src/modules/payments';

const input: StartPaymentInput = {
  reference: 'pay-1',
  amountCents: 1250,
  currency: 'EUR',
  description: 'Order 1',
  returnUrl: '/orders/parcel/abc',
};

function clock(start = Date.UTC(2026, 10, 22, 12, 0, 0)) {
  let now = start;
  return { now: () => new Date(now), advance: (seconds: number) => (now += seconds * 1000) };
}

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PaymentCallbackError) return error.reason;
    throw error;
  }
  throw new Error('the callback was accepted');
}

describe('SandboxPaymentProvider.startPayment', () => {
  it('signs the payment into its id and points the browser at the hosted page', async () => {
    const sandbox = new SandboxPaymentProvider({ secret: 's' });
    const { providerPaymentId, redirectUrl } = await sandbox.startPayment(input);
    expect(redirectUrl).toBe(`/api/payment-sandbox/${providerPaymentId}`);
    expect(providerPaymentId).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(sandbox.readPayment(providerPaymentId)).toEqual({
      expired: false,
      payment: expect.objectContaining({
        reference: 'pay-1',
        amountCents: 1250,
        currency: 'EUR',
        returnUrl: '/orders/parcel/abc',
      }),
    });
  });

  it('gives every payment its own id, even for the same input', async () => {
    const sandbox = new SandboxPaymentProvider({ secret: 's' });
    const [a, b] = await Promise.all([sandbox.startPayment(input), sandbox.startPayment(input)]);
    expect(a.providerPaymentId).not.toBe(b.providerPaymentId);
  });

  it.each([
    [{ amountCents: 0 }],
    [{ amountCents: -5 }],
    [{ amountCents: 12.5 }],
    [{ currency: 'eur' }],
    [{ reference: '' }],
    [{ description: 'x'.repeat(201) }],
    [{ returnUrl: '//evil.example/x' }],
    [{ returnUrl: 'https://evil.example/orders' }],
    [{ returnUrl: 'javascript:alert(1)' }],
    [{ returnUrl: '/orders/ parcel' }],
  ])('refuses %j', async (change) => {
    const sandbox = new SandboxPaymentProvider({ secret: 's' });
    await expect(sandbox.startPayment({ ...input, ...change })).rejects.toThrow(PaymentInputError);
  });

  it('accepts an absolute returnUrl of an allowed origin', async () => {
    const sandbox = new SandboxPaymentProvider({ secret: 's', allowedReturnOrigins: ['https://portal.example'] });
    await expect(
      sandbox.startPayment({ ...input, returnUrl: 'https://portal.example/orders/x' }),
    ).resolves.toBeTruthy();
  });

  it('does not read ids another secret signed, or tampered ones', async () => {
    const sandbox = new SandboxPaymentProvider({ secret: 's' });
    const other = new SandboxPaymentProvider({ secret: 'other' });
    const { providerPaymentId } = await other.startPayment(input);
    expect(sandbox.readPayment(providerPaymentId)).toBeNull();

    const own = (await sandbox.startPayment(input)).providerPaymentId;
    const [nonce, sealed] = own.split('.') as [string, string];
    // One bit changed anywhere in the sealed part: the token no longer opens.
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[3] = (bytes[3] ?? 0) ^ 1;
    expect(sandbox.readPayment(`${nonce}.${bytes.toString('base64url')}`)).toBeNull();
    expect(sandbox.readPayment('not-a-token')).toBeNull();
    expect(sandbox.readPayment(`${own}.x`)).toBeNull();
  });

  it('shows nothing of the payment in its id: the return URL with an order key cannot be read from a URL', async () => {
    const sandbox = new SandboxPaymentProvider({ secret: 's' });
    const { providerPaymentId, redirectUrl } = await sandbox.startPayment({
      ...input,
      returnUrl: '/orders/parcel/SecretOrderKey123',
    });
    for (const part of providerPaymentId.split('.')) {
      expect(Buffer.from(part, 'base64url').toString('latin1')).not.toMatch(/SecretOrderKey|orders|amountCents/);
    }
    expect(redirectUrl).not.toContain('SecretOrderKey');
    expect(sandbox.readPayment(providerPaymentId)?.payment.returnUrl).toBe('/orders/parcel/SecretOrderKey123');
  });

  it('marks a payment expired after its time to live', async () => {
    const time = clock();
    const sandbox = new SandboxPaymentProvider({ secret: 's', ttlSeconds: 60, now: time.now });
    const { providerPaymentId } = await sandbox.startPayment(input);
    time.advance(61);
    expect(sandbox.readPayment(providerPaymentId)?.expired).toBe(true);
    expect(() => sandbox.createCallback(providerPaymentId, 'paid')).toThrow(PaymentCallbackError);
  });
});

describe('SandboxPaymentProvider.parseCallback', () => {
  async function started(options: ConstructorParameters<typeof SandboxPaymentProvider>[0] = {}) {
    const sandbox = new SandboxPaymentProvider({ secret: 's', ...options });
    const { providerPaymentId } = await sandbox.startPayment(input);
    return { sandbox, providerPaymentId };
  }

  it('verifies its own callback and returns what the payment was started with', async () => {
    const { sandbox, providerPaymentId } = await started();
    const verified = await sandbox.parseCallback(sandbox.createCallback(providerPaymentId, 'paid'));
    expect(verified).toEqual({
      providerId: 'sandbox',
      providerPaymentId,
      eventId: expect.any(String),
      reference: 'pay-1',
      amountCents: 1250,
      currency: 'EUR',
      outcome: 'paid',
      occurredAt: expect.any(Date),
    });
  });

  it('refuses a replayed callback', async () => {
    const { sandbox, providerPaymentId } = await started();
    const callback = sandbox.createCallback(providerPaymentId, 'paid');
    await sandbox.parseCallback(callback);
    expect(await reason(sandbox.parseCallback(callback))).toBe('replayed');
  });

  it('refuses a tampered amount, even re-signed with the secret, because the payment id says otherwise', async () => {
    const { sandbox, providerPaymentId } = await started();
    const callback = sandbox.createCallback(providerPaymentId, 'paid');
    const cheaper = JSON.stringify({ ...JSON.parse(callback.rawBody), amountCents: 1 });
    // Changed body, old signature:
    expect(await reason(sandbox.parseCallback({ ...callback, rawBody: cheaper }))).toBe('signature');
    // Changed body, valid signature (a forger with the secret, or a provider bug):
    const resigned = { headers: { [SANDBOX_SIGNATURE_HEADER]: sandbox.signCallback(cheaper) }, rawBody: cheaper };
    expect(await reason(sandbox.parseCallback(resigned))).toBe('mismatch');
  });

  it('refuses a callback that names another reference or currency', async () => {
    const { sandbox, providerPaymentId } = await started();
    for (const change of [{ reference: 'pay-2' }, { currency: 'USD' }]) {
      const body = JSON.stringify({
        ...JSON.parse(sandbox.createCallback(providerPaymentId, 'paid').rawBody),
        ...change,
      });
      const signed = { headers: { [SANDBOX_SIGNATURE_HEADER]: sandbox.signCallback(body) }, rawBody: body };
      expect(await reason(sandbox.parseCallback(signed))).toBe('mismatch');
    }
  });

  it('refuses a missing, malformed or foreign signature', async () => {
    const { sandbox, providerPaymentId } = await started();
    const callback = sandbox.createCallback(providerPaymentId, 'paid');
    const other = new SandboxPaymentProvider({ secret: 'other' });
    expect(await reason(sandbox.parseCallback({ headers: {}, rawBody: callback.rawBody }))).toBe('signature');
    expect(
      await reason(sandbox.parseCallback({ headers: { [SANDBOX_SIGNATURE_HEADER]: 'zz' }, rawBody: callback.rawBody })),
    ).toBe('signature');
    const foreign = {
      headers: { [SANDBOX_SIGNATURE_HEADER]: other.signCallback(callback.rawBody) },
      rawBody: callback.rawBody,
    };
    expect(await reason(sandbox.parseCallback(foreign))).toBe('signature');
  });

  it('refuses signed bodies that are not callbacks', async () => {
    const { sandbox } = await started();
    for (const body of ['not json', '{}', '[]', JSON.stringify({ outcome: 'paid' })]) {
      const signed = { headers: { [SANDBOX_SIGNATURE_HEADER]: sandbox.signCallback(body) }, rawBody: body };
      expect(await reason(sandbox.parseCallback(signed))).toBe('malformed');
    }
  });

  it('refuses a callback for a payment id it did not sign', async () => {
    const { sandbox, providerPaymentId } = await started();
    const body = JSON.stringify({
      ...JSON.parse(sandbox.createCallback(providerPaymentId, 'paid').rawBody),
      providerPaymentId: 'x.y',
    });
    const signed = { headers: { [SANDBOX_SIGNATURE_HEADER]: sandbox.signCallback(body) }, rawBody: body };
    expect(await reason(sandbox.parseCallback(signed))).toBe('unknownPayment');
  });

  it('refuses a callback older than the tolerance window', async () => {
    const time = clock();
    const { sandbox, providerPaymentId } = await started({ now: time.now, callbackToleranceSeconds: 300 });
    const callback = sandbox.createCallback(providerPaymentId, 'paid');
    time.advance(301);
    expect(await reason(sandbox.parseCallback(callback))).toBe('stale');
  });

  it('refuses a callback issued after the payment expired', async () => {
    const time = clock();
    const { sandbox, providerPaymentId } = await started({ now: time.now, ttlSeconds: 60 });
    const body = JSON.stringify({
      ...JSON.parse(sandbox.createCallback(providerPaymentId, 'paid').rawBody),
      issuedAt: Math.floor(time.now().getTime() / 1000) + 120,
    });
    time.advance(120);
    const signed = { headers: { [SANDBOX_SIGNATURE_HEADER]: sandbox.signCallback(body) }, rawBody: body };
    expect(await reason(sandbox.parseCallback(signed))).toBe('expired');
  });

  it('does not accept a payment token as a callback signature (domain separation)', async () => {
    const { sandbox, providerPaymentId } = await started();
    const signature = providerPaymentId.split('.')[1] as string;
    const body = providerPaymentId.split('.')[0] as string;
    const hex = Buffer.from(signature, 'base64url').toString('hex');
    expect(await reason(sandbox.parseCallback({ headers: { [SANDBOX_SIGNATURE_HEADER]: hex }, rawBody: body }))).toBe(
      'signature',
    );
  });
});

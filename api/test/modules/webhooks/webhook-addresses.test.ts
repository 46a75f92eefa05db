/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import type { LookupAddress } from 'node:dns';
import { loadConfig } from '../../../src/config';
import { accounts, userAccounts } from '../../../src/modules/identity/schema';
import {
  checkTarget,
  isPermittedAddress,
  isPublicAddress,
  type Resolver,
} from '../../../src/modules/webhooks/addresses';
import { sendDelivery } from '../../../src/modules/webhooks/sender';
import { startTestApp, type TestApp } from '../../helpers';
import { testConfigSettings } from '../../templates/templates';
import { requester, verifiedUser } from '../orders/order-fixtures';
import { TestReceiver } from './receiver';

// Server-side request forgery (issue 20 item 3): with WEBHOOK_TARGETS=public (production's only
// value) an endpoint must be https on a host that resolves to public addresses only, checked when
// it is registered and again on every delivery, on the addresses the connection uses.

const PRIVATE_ADDRESSES = [
  '127.0.0.1',
  '127.1.2.3',
  '10.0.0.1',
  '172.16.5.4',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '192.0.2.10',
  '::1',
  '::',
  'fe80::1',
  'fc00::1',
  'fd12:3456::1',
  '::ffff:127.0.0.1',
  '::ffff:10.0.0.1',
  '2001:db8::1',
  'ff02::1',
];

const resolverOf =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('which addresses are public', () => {
  it.each(PRIVATE_ADDRESSES)('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not an address at all', () => {
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});

describe('checking an endpoint address with public targets', () => {
  const resolve = resolverOf({
    'hooks.example.com': ['93.184.215.14', '2606:4700:4700::1111'],
    'internal.example.com': ['10.20.30.40'],
    'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
    'v6-loopback.example.com': ['::1'],
    'metadata.example.com': ['169.254.169.254'],
  });
  const codeOf = (url: string) =>
    checkTarget(url, 'public', resolve).then(
      () => 'accepted',
      (error: { code: string }) => error.code,
    );

  it('accepts https to a host with public addresses only', async () => {
    expect(await codeOf('https://hooks.example.com/portal')).toBe('accepted');
    expect(await codeOf('https://93.184.215.14/portal')).toBe('accepted');
  });

  it('refuses http, private literals and names resolving to private, loopback or link-local addresses', async () => {
    expect(await codeOf('http://hooks.example.com/portal')).toBe('HTTPS_ONLY');
    for (const address of PRIVATE_ADDRESSES) {
      const host = address.includes(':') ? `[${address}]` : address;
      expect([address, await codeOf(`https://${host}/hooks`)]).toEqual([address, 'PRIVATE_ADDRESS']);
    }
    for (const host of ['internal', 'mixed', 'v6-loopback', 'metadata']) {
      expect([host, await codeOf(`https://${host}.example.com/`)]).toEqual([host, 'PRIVATE_ADDRESS']);
    }
    expect(await codeOf('https://nowhere.example.com/')).toBe('UNRESOLVABLE');
    // Other spellings of loopback that URL parsing turns into 127.0.0.1.
    expect(await codeOf('https://2130706433/')).toBe('PRIVATE_ADDRESS');
    expect(await codeOf('https://0x7f.1/')).toBe('PRIVATE_ADDRESS');
  });

  it('lets anything through with `any` (development and the tests’ receivers)', async () => {
    expect(await checkTarget('http://127.0.0.1:9/hooks', 'any', resolve)).toBeInstanceOf(URL);
  });
});

describe('at delivery time', () => {
  const receiver = new TestReceiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());

  const delivery = (url: string) => ({
    url,
    secret: 'whsec_test',
    body: '{}',
    eventId: 'e-1',
    eventType: 'order.paid',
    deliveryId: 1,
  });

  it('refuses to connect when the name now resolves to a private address (DNS rebinding)', async () => {
    // Registered while the name pointed to a public address; now it points to this machine, where a receiver listens.
    const rebound = resolverOf({ 'rebound.example.com': ['127.0.0.1'] });
    const outcome = await sendDelivery(delivery(`http://rebound.example.com:${receiver.port}/hooks`), {
      targets: 'any',
      timeoutMs: 2000,
      resolve: rebound,
    });
    // With `any` it reaches the local receiver (the check is what stops it, not the network)...
    expect(outcome.statusCode).toBe(401);
    const refused = await sendDelivery(delivery(`https://rebound.example.com:${receiver.port}/hooks`), {
      targets: 'public',
      timeoutMs: 2000,
      resolve: rebound,
    });
    // ...with `public` it never connects.
    expect(refused).toMatchObject({ statusCode: null, error: expect.stringContaining('public internet') });
    expect(receiver.requests).toHaveLength(1);
  });

  it('refuses a private literal address and plain http', async () => {
    const options = { targets: 'public' as const, timeoutMs: 2000, resolve: resolverOf({}) };
    expect((await sendDelivery(delivery(`https://127.0.0.1:${receiver.port}/`), options)).error).toContain(
      'public internet',
    );
    expect((await sendDelivery(delivery(`https://[::1]:${receiver.port}/`), options)).error).toContain(
      'public internet',
    );
    expect((await sendDelivery(delivery(`http://127.0.0.1:${receiver.port}/`), options)).error).toBe(
      'The address must start with https://.',
    );
    expect(receiver.requests).toHaveLength(1);
  });
});

describe('an explicit allow-list (WEBHOOK_ALLOWED_NETWORKS, issue 35)', () => {
  const resolve = resolverOf({
    'partner.internal': ['10.20.30.40'],
    'mixed.internal': ['10.20.30.41', '127.0.0.1'],
    'metadata.internal': ['169.254.169.254'],
  });
  const allowed = ['10.20.0.0/16', 'fd00:20::/32'];

  it('accepts a private network only when the operator lists it, at registration', async () => {
    await expect(checkTarget('https://partner.internal/hooks', 'public', resolve)).rejects.toMatchObject({
      code: 'PRIVATE_ADDRESS',
    });
    await expect(checkTarget('https://partner.internal/hooks', 'public', resolve, allowed)).resolves.toBeInstanceOf(
      URL,
    );
    await expect(checkTarget('https://[fd00:20::7]/hooks', 'public', resolve, allowed)).resolves.toBeInstanceOf(URL);
    // Loopback, the metadata service and other private networks stay refused; every address must pass.
    for (const url of [
      'https://mixed.internal/hooks',
      'https://metadata.internal/latest/meta-data/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.21.0.1/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
    ]) {
      await expect(checkTarget(url, 'public', resolve, allowed)).rejects.toMatchObject({ code: 'PRIVATE_ADDRESS' });
    }
    expect(isPermittedAddress('::ffff:10.20.1.1', allowed)).toBe(true);
    expect(isPermittedAddress('10.20.1.1')).toBe(false);
  });

  it('checks again at delivery, on the addresses the connection would use', async () => {
    // Registered while partner.internal was 10.20.30.40; its name now points to this machine.
    const moved = resolverOf({ 'partner.internal': ['127.0.0.1'] });
    const outcome = await sendDelivery(
      {
        url: 'https://partner.internal/hooks',
        secret: 'whsec_test',
        body: '{}',
        eventId: 'e',
        eventType: 't',
        deliveryId: 1,
      },
      { targets: 'public', timeoutMs: 2000, resolve: moved, allowed },
    );
    expect(outcome).toMatchObject({ statusCode: null, error: expect.stringContaining('public internet') });
  });

  it('is read by the configuration module and refuses what is not an address or block', () => {
    expect(loadConfig({ WEBHOOK_ALLOWED_NETWORKS: '10.20.0.0/16, fd00:20::/32' }).webhooks.allowed).toEqual(allowed);
    expect(loadConfig({}).webhooks.allowed).toEqual([]);
    for (const bad of ['partner.internal', '10.20.0.0/40', 'loopback']) {
      expect(() => loadConfig({ WEBHOOK_ALLOWED_NETWORKS: bad })).toThrow(/WEBHOOK_ALLOWED_NETWORKS/);
    }
  });
});

describe('registering with WEBHOOK_TARGETS=public', () => {
  let testApp: TestApp;
  const request = requester(() => testApp);
  const admin = verifiedUser('ssrf-main-admin');
  let path: string;

  beforeAll(async () => {
    testApp = await startTestApp({
      modules: ['webhooks'],
      config: loadConfig({ ...testConfigSettings(), WEBHOOK_TARGETS: 'public' }),
    });
    const userId = (await request('POST', '/api/my-user', admin)).body.id as number;
    const [company] = await testApp.db.orm
      .insert(accounts)
      .values({ type: 'company', email: 'ssrf@company.test', companyName: 'SIA SSRF', contractNumber: 'C-9' })
      .returning();
    await testApp.db.orm.insert(userAccounts).values({ userId, accountId: company?.id ?? 0, role: 'MAIN_ADMIN' });
    path = `/api/accounts/${company?.id}/webhook_endpoints`;
  }, 60_000);
  afterAll(() => testApp?.close());

  it.each([
    ['http://example.com/hooks', 'HTTPS_ONLY'],
    ['https://127.0.0.1/hooks', 'PRIVATE_ADDRESS'],
    ['https://10.1.1.1/hooks', 'PRIVATE_ADDRESS'],
    ['https://192.168.0.10/hooks', 'PRIVATE_ADDRESS'],
    ['https://169.254.169.254/latest/meta-data', 'PRIVATE_ADDRESS'],
    ['https://[::1]/hooks', 'PRIVATE_ADDRESS'],
    ['https://[fe80::1]/hooks', 'PRIVATE_ADDRESS'],
    ['https://[fd00::1]/hooks', 'PRIVATE_ADDRESS'],
    ['https://[::ffff:7f00:1]/hooks', 'PRIVATE_ADDRESS'],
    // A DNS name this machine resolves to loopback (its hosts file).
    ['https://localhost/hooks', 'PRIVATE_ADDRESS'],
  ])('refuses %s with a violation on url (%s), never a 500', async (url, code) => {
    const answer = await request('POST', path, admin, { url, events: ['order.paid'] });
    expect(answer.status).toBe(422);
    expect(answer.body.violations).toEqual([{ propertyPath: 'url', message: expect.any(String), code }]);
    expect((await request('GET', path, admin)).body['hydra:totalItems']).toBe(0);
  });
});

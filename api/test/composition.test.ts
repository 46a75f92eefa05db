/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import Fastify from 'fastify';
import { MODULE_NAMES } from '../src/app';
import { apiModule, pluginMeta, ROUTE_GUARDS } from '../src/http/api-module';
import { addressBookModule } from '../src/modules/address-book';
import { BEARER, startTestApp, type TestApp } from './helpers';

// The composition root (api/src/composition/): each module says its name and what it needs first,
// Fastify checks the order, and an app of some modules serves only them and what they need.

describe('modules declare what they need', () => {
  test('every module has its own name, and what it needs is a module registered before it', () => {
    expect(new Set(MODULE_NAMES).size).toBe(MODULE_NAMES.length);
    expect(MODULE_NAMES).toEqual(expect.arrayContaining([...ROUTE_GUARDS, 'orders', 'address-book']));
    expect(pluginMeta(addressBookModule)?.dependencies).toEqual(expect.arrayContaining([...ROUTE_GUARDS]));
  });

  test('Fastify refuses a module registered before the guards its routes need', async () => {
    const app = Fastify({ logger: false });
    app.register(
      apiModule(async () => {}, { name: 'too-early' }),
      {},
    );
    await expect(app.ready()).rejects.toMatchObject({ code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED' });
  });
});

describe('an app of one module', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ modules: ['address-book'] });
  });
  afterAll(() => testApp.close());

  test('serves that module and what it declares it needs, and no other module', async () => {
    const serves = (method: 'GET' | 'POST', url: string) => testApp.app.hasRoute({ method, url });
    // The module's own routes and the route guards' (identity's my-user, api-keys' me) are there…
    expect(serves('GET', '/api/contacts')).toBe(true);
    expect(serves('POST', '/api/my-user')).toBe(true);
    expect(serves('GET', '/api/me')).toBe(true);
    // …another module's are not, and a call to one is the router's 404.
    expect(serves('GET', '/api/orders/:key')).toBe(false);
    const call = await testApp.app.inject({ method: 'GET', url: '/api/orders/parcel', headers: BEARER });
    expect(call.statusCode).toBe(404);
  });

  test('an unknown module name is refused with the list of names', async () => {
    await expect(startTestApp({ modules: ['no-such-module'] })).rejects.toThrow(
      /no API module is named no-such-module/,
    );
  });
});

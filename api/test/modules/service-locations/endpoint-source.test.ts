/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JobScheduler } from '../../../src/modules/jobs';
import {
  LATVIJAS_PASTS_ENDPOINT,
  locationsFromEndpoint,
  mapEndpointRecords,
  parseTypeMapping,
} from '../../../src/modules/service-locations/endpoint-source';
import { importLocations, LocationImportError } from '../../../src/modules/service-locations/importer';
import { locationSyncJob, syncSettingsFromEnv } from '../../../src/modules/service-locations/scheduled-sync';
import { drainJobs, startTestApp, type TestApp } from '../../helpers';

/**
 * A recorded sample in the shape of Latvijas Pasts' `GET /api/public/addresses/service_location`
 * (label, readableAddress, postCode, latitude, longitude, workingHours, type; 1 = post office),
 * as a Hydra collection in two pages. The post offices are the three the Unisend list names
 * (shared/data); their hours and the type-2 record are test values.
 */
const PAGE_1 = {
  '@type': 'hydra:Collection',
  'hydra:member': [
    {
      id: 2125,
      label: 'Baldones pasta nodaļa',
      readableAddress: 'Rīgas iela 87, Baldone, Ķekavas nov.',
      postCode: '2125',
      latitude: '56.7429369',
      longitude: '24.4003864',
      workingHours: ['P. 9:00-18:00', 'O.-Pk. 9:00-17:00'],
      type: 1,
    },
    {
      id: 2123,
      label: 'Ķekavas pasta nodaļa',
      readableAddress: 'Gaismas iela 17A, Ķekava, Ķekavas nov.',
      postCode: 'LV-2123',
      latitude: 56.824275737,
      longitude: 24.230118229,
      workingHours: 'P.-Pk. 9:00-17:00',
      type: 1,
    },
  ],
  'hydra:view': { 'hydra:next': '/service_location?page=2' },
};
const PAGE_2 = {
  '@type': 'hydra:Collection',
  'hydra:member': [
    {
      id: 1044,
      label: 'Rīgas 44. pasta nodaļa',
      readableAddress: 'Ziemeļu iela 10, Lidosta Rīga, Mārupes nov.',
      postCode: '1044',
      latitude: 56.927952079,
      longitude: 23.987365526,
      workingHours: null,
      type: 1,
    },
    {
      id: 9001,
      label: 'Test type-2 record',
      readableAddress: 'Test iela 1, Rīga',
      postCode: '1001',
      latitude: 56.95,
      longitude: 24.1,
      workingHours: null,
      type: 2,
    },
  ],
};

let testApp: TestApp;
let server: Server;
let base: string;
/** What the endpoint answers, per path; a test changes it as the operator's data changes. */
let answers: Record<string, { status: number; body: unknown }>;

beforeAll(async () => {
  testApp = await startTestApp({ modules: ['service-locations'] });
  server = createServer((request, response) => {
    const answer = answers[request.url ?? ''];
    response.writeHead(answer?.status ?? 404, { 'content-type': 'application/ld+json' });
    response.end(JSON.stringify(answer?.body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await testApp?.close();
});
beforeEach(() => {
  answers = {
    '/service_location': { status: 200, body: PAGE_1 },
    '/service_location?page=2': { status: 200, body: PAGE_2 },
  };
});

async function get(url: string) {
  const response = await testApp.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
}

const sync = async (types: string[] = ['2=skip']) =>
  importLocations(
    testApp.db.orm,
    await locationsFromEndpoint(`${base}/service_location`, {
      ...LATVIJAS_PASTS_ENDPOINT,
      types: parseTypeMapping(types),
    }),
    { scope: 'partial' },
  );

describe('the service-location endpoint by URL', () => {
  it('refuses an unknown type with a message that says what to do, and changes nothing', async () => {
    const before = (await get('/api/public/service_locations')).body['hydra:totalItems'];
    const reading = locationsFromEndpoint(`${base}/service_location`, LATVIJAS_PASTS_ENDPOINT);
    await expect(reading).rejects.toThrow(LocationImportError);
    await expect(locationsFromEndpoint(`${base}/service_location`, LATVIJAS_PASTS_ENDPOINT)).rejects.toThrow(
      'type 2 (1 records) is not known: only 1 (post office) is documented. Say what it is with --type 2=parcelLocker',
    );
    expect((await get('/api/public/service_locations')).body['hydra:totalItems']).toBe(before);
  });

  it('imports the post offices of every page as Latvijas Pasts post offices, keeping the rest of the network', async () => {
    const before = (await get('/api/public/service_locations')).body['hydra:totalItems'];
    const report = await sync();
    expect(report).toEqual({ inserted: 3, updated: 0, unchanged: 0, reactivated: 0, retired: 0 });
    expect((await get('/api/public/service_locations')).body['hydra:totalItems']).toBe(before + 3);

    const baldone = await get('/api/public/service_locations/lvpasts-2125');
    expect(baldone.body).toMatchObject({
      id: 'lvpasts-2125',
      countryCode: 'LV',
      type: 'postOffice',
      operator: 'Latvijas Pasts',
      ownNetwork: true,
      name: 'Baldones pasta nodaļa',
      address: 'Rīgas iela 87, Baldone, Ķekavas nov.',
      postCode: 'LV-2125',
      latitude: 56.7429369,
      longitude: 24.4003864,
      openingHours: 'P. 9:00-18:00; O.-Pk. 9:00-17:00',
      active: true,
    });
    expect((await get('/api/public/service_locations/lvpasts-1044')).body.openingHours).toBeNull();
    expect((await get('/api/public/service_locations/lvpasts-9001')).status).toBe(404);
    // A search for the town finds the new post office.
    const found = await get('/api/public/service_locations?q=Baldone&type=postOffice');
    expect(found.body['hydra:member'].map((place: { id: string }) => place.id)).toContain('lvpasts-2125');
  });

  it('maps a type the operator names, and a second sync retires what left the endpoint without deleting it', async () => {
    const first = await sync(['2=parcelLocker']);
    expect(first).toMatchObject({ inserted: 1, unchanged: 3, retired: 0 });
    expect((await get('/api/public/service_locations/lvpasts-9001')).body.type).toBe('parcelLocker');

    answers['/service_location?page=2'] = {
      status: 200,
      body: { ...PAGE_2, 'hydra:member': [PAGE_2['hydra:member'][1]] },
    };
    const second = await sync(['2=parcelLocker']);
    expect(second).toMatchObject({ unchanged: 3, retired: 1 });
    const gone = await get('/api/public/service_locations/lvpasts-1044');
    expect(gone.body).toMatchObject({ id: 'lvpasts-1044', active: false });
    // The three post offices of the Unisend list are another source: left alone.
    expect((await get('/api/public/service_locations/unisend-8763')).body).toMatchObject({
      type: 'postOffice',
      active: true,
    });
  });

  it('refuses a failing endpoint, an empty answer and bad records without changing anything', async () => {
    answers['/service_location'] = { status: 503, body: {} };
    await expect(sync()).rejects.toThrow(/answered 503/);
    answers['/service_location'] = { status: 200, body: [] };
    await expect(sync()).rejects.toThrow(/holds no locations to import; nothing was changed/);
    answers['/service_location'] = { status: 200, body: { hello: 'world' } };
    await expect(sync()).rejects.toThrow(/neither a list nor a Hydra collection/);
    expect(() =>
      mapEndpointRecords(
        [{ label: '', readableAddress: 'x', latitude: 'north', longitude: 24, type: 1 }],
        LATVIJAS_PASTS_ENDPOINT,
      ),
    ).toThrow(/\[0\]\.label[\s\S]*\[0\]\.latitude/);
    expect(() => parseTypeMapping(['2=boat'])).toThrow(/--type 2=boat/);
  });
});

describe('the scheduled sync (LOCATIONS_SYNC_URL)', () => {
  it('reads its settings from the environment, refusing bad ones', () => {
    expect(syncSettingsFromEnv({})).toBeNull();
    expect(
      syncSettingsFromEnv({
        LOCATIONS_SYNC_URL: 'https://post.example/api/public/addresses/service_location',
        LOCATIONS_SYNC_TYPES: '2=parcelLocker, 3=skip',
      }),
    ).toEqual({
      url: 'https://post.example/api/public/addresses/service_location',
      intervalMs: 24 * 60 * 60_000,
      source: {
        operator: 'Latvijas Pasts',
        countryCode: 'LV',
        idPrefix: 'lvpasts',
        types: { '2': 'parcelLocker', '3': 'skip' },
      },
    });
    expect(() => syncSettingsFromEnv({ LOCATIONS_SYNC_URL: 'file:///etc/passwd' })).toThrow(/http\(s\) URL/);
    expect(() =>
      syncSettingsFromEnv({ LOCATIONS_SYNC_URL: 'https://x.example', LOCATIONS_SYNC_INTERVAL_MINUTES: '1' }),
    ).toThrow(/5 or more/);
    expect(() =>
      syncSettingsFromEnv({ LOCATIONS_SYNC_URL: 'https://x.example', LOCATIONS_SYNC_TYPES: 'boat' }),
    ).toThrow(LocationImportError);
  });

  it('syncs once per slot and logs what it did; a failing endpoint is logged and changes nothing', async () => {
    const logged: { level: string; object: object; message: string }[] = [];
    const log = {
      info: (object: object, message: string) => logged.push({ level: 'info', object, message }),
      warn: (object: object, message: string) => logged.push({ level: 'warn', object, message }),
      debug: (object: object, message: string) => logged.push({ level: 'debug', object, message }),
    };
    const settings = {
      url: `${base}/service_location`,
      intervalMs: 60_000,
      source: { ...LATVIJAS_PASTS_ENDPOINT, types: { '2': 'skip' as const } },
    };
    // The job scheduler (modules/jobs) on the test's clock and the app's job engine: each slot of
    // the interval is run once.
    let clock = new Date('2031-03-01T00:00:00Z');
    const quiet = { info: () => undefined, warn: () => undefined, debug: () => undefined };
    const jobs = new JobScheduler(testApp.app.jobEngine, { log: quiet, now: () => clock });
    const turns: string[] = [];
    jobs.observeTurns((turn) => turns.push(turn.outcome));
    jobs.add(locationSyncJob(testApp.db.orm, settings, log));
    const nextSlot = () => {
      clock = new Date(clock.getTime() + settings.intervalMs);
    };
    expect((await jobs.check())[0]?.queued).toBe(true);
    await drainJobs(testApp);
    expect(turns).toEqual(['ran']);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 'info', message: 'locations synced', object: { url: settings.url } });
    // The same slot again: already run, nothing is asked.
    expect((await jobs.check())[0]?.queued).toBe(false);
    await drainJobs(testApp);
    expect(turns).toEqual(['ran', 'skipped']);
    expect(logged).toHaveLength(1);

    answers['/service_location'] = { status: 500, body: {} };
    nextSlot();
    expect((await jobs.check())[0]?.queued).toBe(true);
    await drainJobs(testApp);
    expect(turns).toEqual(['ran', 'skipped', 'failed']);
    expect(logged[1]).toMatchObject({
      level: 'warn',
      message: 'locations sync failed; nothing was changed',
      object: { problems: [expect.stringMatching(/answered 500/)] },
    });
  });
});

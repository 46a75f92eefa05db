/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { hydraCollection } from '@portal/shared-contracts';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { workFlows } from '../../../src/modules/workflows/schema';
import { seedWorkflows } from '../../../src/modules/workflows/seed';
import { buildWorkflowSeed } from '../../../src/modules/workflows/seed-data';
import { BEARER, startTestApp, type TestApp } from '../../helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ modules: ['workflows', 'countries'] });
}, 60_000);
afterAll(() => testApp?.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json(), contentType: response.headers['content-type'] };
}

type Member = { id: number; label: string; shipmentType: string; country: { code: string } | null; zone: string };
const members = (body: { 'hydra:member': Member[] }) => body['hydra:member'];
const SEEDED = buildWorkflowSeed().length;

describe('GET /api/public/work_flows', () => {
  it('answers 5 per page by default, newest first, with hydra:view links', async () => {
    const { status, body, contentType } = await get('/api/public/work_flows');
    expect(status).toBe(200);
    expect(contentType).toBe('application/ld+json; charset=utf-8');
    expect(body).toMatchObject({
      '@context': '/api/contexts/WorkFlow',
      '@id': '/api/work_flows',
      '@type': 'hydra:Collection',
    });
    expect(body['hydra:totalItems']).toBe(SEEDED);
    expect(members(body)).toHaveLength(5);
    // Seeded together: same createdAt, so id descending.
    expect(members(body).map((member) => member.id)).toEqual([SEEDED, SEEDED - 1, SEEDED - 2, SEEDED - 3, SEEDED - 4]);
    const last = Math.ceil(SEEDED / 5);
    expect(body['hydra:view']).toEqual({
      '@id': '/api/work_flows?page=1',
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': '/api/work_flows?page=1',
      'hydra:last': `/api/work_flows?page=${last}`,
      'hydra:next': '/api/work_flows?page=2',
    });
    expect(hydraCollection(z.object({ id: z.int() })).safeParse(body).error).toBeUndefined();
  });

  it('pages with rowsPerPage and keeps the filters in the links', async () => {
    const first = await get('/api/public/work_flows?shipmentType=parcel&rowsPerPage=4');
    const total = first.body['hydra:totalItems'];
    expect(first.body['hydra:view']['hydra:next']).toBe('/api/work_flows?shipmentType=parcel&rowsPerPage=4&page=2');
    const second = await get(first.body['hydra:view']['hydra:next'].replace('/api/', '/api/public/'));
    expect(second.body['hydra:view']['hydra:previous']).toBe(
      '/api/work_flows?shipmentType=parcel&rowsPerPage=4&page=1',
    );
    const ids = new Set([...members(first.body), ...members(second.body)].map((member) => member.id));
    expect(ids.size).toBe(8);
    const lastPage = Math.ceil(total / 4);
    const last = await get(`/api/public/work_flows?shipmentType=parcel&rowsPerPage=4&page=${lastPage}`);
    expect(members(last.body)).toHaveLength(total - (lastPage - 1) * 4);
    expect(last.body['hydra:view']['hydra:next']).toBeUndefined();
    expect(members((await get('/api/public/work_flows?page=999')).body)).toEqual([]);
  });

  it('sorts by _order[field], several fields in the order given', async () => {
    const byLabel = await get('/api/public/work_flows?_order[label]=ASC&rowsPerPage=300');
    const labels = members(byLabel.body).map((member) => member.label);
    expect(labels).toEqual([...labels].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byId = await get('/api/public/work_flows?_order[id]=asc&rowsPerPage=3');
    expect(members(byId.body).map((member) => member.id)).toEqual([1, 2, 3]);
    const typeThenId = await get('/api/public/work_flows?_order[shipmentType]=DESC&_order[id]=ASC&rowsPerPage=300');
    const list = members(typeThenId.body);
    expect(list[0]).toMatchObject({ shipmentType: 'parcel' });
    expect(list.at(-1)).toMatchObject({ shipmentType: 'letter' });
  });

  it('filters on shipment type, subtype, size type and country (named or by zone)', async () => {
    const lockers = await get('/api/public/work_flows?shipmentType=parcel&shipmentSizeType=xs&rowsPerPage=300');
    expect(
      members(lockers.body)
        .map((member) => member.country?.code)
        .sort(),
    ).toEqual(['EE', 'LT', 'LV']);

    const lithuania = await get('/api/public/work_flows?country.code=lt&rowsPerPage=300');
    const zones = new Set(members(lithuania.body).map((member) => member.country?.code ?? member.zone));
    expect([...zones].sort()).toEqual(['EEA', 'LT']);

    const usLetters = await get('/api/public/work_flows?country.code=US&shipmentType=letter');
    expect(
      members(usLetters.body)
        .map((member) => member.label)
        .sort(),
    ).toEqual(['Plain letter, rest of the world', 'Registered letter, rest of the world']);

    const registered = await get('/api/public/work_flows?shipmentSubType=registered&country.code=LV');
    expect(
      members(registered.body)
        .map((member) => member.label)
        .sort(),
    ).toEqual(['Parcel, post office to post office, Latvia', 'Registered letter, Latvia']);
  });

  it('answers the workflows of an id list', async () => {
    for (const query of ['id=2,4', 'id[]=2&id[]=4', 'id=2&id=4']) {
      const { body } = await get(`/api/public/work_flows?${query}&_order[id]=ASC`);
      expect(members(body).map((member) => member.id)).toEqual([2, 4]);
    }
  });

  it.each([
    ['an unknown parameter', 'color=red', 'color', 'UNEXPECTED_FIELD'],
    ['an unknown sort field', '_order[secret]=ASC', '_order[secret]', 'UNEXPECTED_FIELD'],
    ['a bad direction', '_order[label]=UP', '_order[label]', 'INVALID_VALUE'],
    ['rowsPerPage above 300', 'rowsPerPage=301', 'rowsPerPage', 'TOO_BIG'],
    ['page 0', 'page=0', 'page', 'TOO_SMALL'],
    ['a bad shipment type', 'shipmentType=pigeon', 'shipmentType', 'INVALID_VALUE'],
    ['a bad country code', 'country.code=LVA', 'country.code', 'INVALID_FORMAT'],
    ['an id that is not a number', 'id=abc', 'id[0]', 'INVALID_FORMAT'],
  ])('refuses %s with 400', async (_case, query, propertyPath, code) => {
    const { status, body } = await get(`/api/public/work_flows?${query}`);
    expect(status).toBe(400);
    expect(body.violations).toEqual([expect.objectContaining({ propertyPath, code })]);
  });
});

describe('GET /api/public/work_flows/{id}', () => {
  it('answers one workflow with every field of SPEC §3', async () => {
    const { status, body } = await get('/api/public/work_flows/1');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      '@id': '/api/work_flows/1',
      '@type': 'WorkFlow',
      isActive: true,
      shipmentType: 'letter',
      shipmentSubType: 'economy',
      shipmentSizeType: null,
      country: { '@id': '/api/countries/LV', code: 'LV' },
      maxWeight: 2000,
      configs: { default: { maxContentRows: 10, maxInsuranceAmount: null }, companyInvoice: { maxContentRows: 10 } },
      barcodeRequestConfigs: [],
      sasBroadcastConfigs: [],
      servicesToAdd: [],
      servicesToRemove: [],
    });
    for (const field of [
      'returnServiceType',
      'subTypeDescription',
      'insuranceVariants',
      'transferType',
      'receivingType',
      'weightCosts',
      'deliveryDays',
      'serviceOptions',
      'label',
      'placeholders',
    ]) {
      expect(body).toHaveProperty(field);
    }
    expect(body.weightCosts).toContainEqual(
      expect.objectContaining({ maxWeight: 20, priceCents: 235, validFrom: '2026-01-01' }),
    );
    // The 50 g step no source gives: the seed's indicative figure took the placeholder's place.
    expect(body.weightCosts).toContainEqual(
      expect.objectContaining({ maxWeight: 50, priceCents: 253, placeholder: false, source: 'indicative' }),
    );
    expect(body.weightCosts).not.toContainEqual(expect.objectContaining({ placeholder: true }));
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get('/api/public/work_flows/99999')).status).toBe(404);
    expect((await get('/api/public/work_flows/abc')).status).toBe(400);
    expect((await get('/api/public/work_flows/0')).status).toBe(400);
  });
});

describe('GET /api/public/shipment_steps', () => {
  const names = (body: { 'hydra:member': { name: string }[] }) => body['hydra:member'].map((step) => step.name);

  it('has no content step for a letter or a parcel inside the EU', async () => {
    expect(names((await get('/api/public/shipment_steps?countryCode=LV&shipmentType=letter')).body)).toEqual([
      'shipment',
      'parties',
      'summary',
    ]);
    expect(names((await get('/api/public/shipment_steps?countryCode=DE&shipmentType=parcel')).body)).toHaveLength(3);
  });

  it('adds the content step for customs and for value-based services', async () => {
    const customs = await get('/api/public/shipment_steps?countryCode=US&shipmentType=parcel');
    expect(customs.body['hydra:member']).toEqual([
      { '@type': 'ShipmentStep', step: 1, name: 'shipment', label: 'Create shipment' },
      { '@type': 'ShipmentStep', step: 2, name: 'parties', label: 'Sender and receiver' },
      { '@type': 'ShipmentStep', step: 3, name: 'content', label: 'Detailed shipment info' },
      { '@type': 'ShipmentStep', step: 4, name: 'summary', label: 'Summary and payment' },
    ]);
    expect(customs.body['hydra:totalItems']).toBe(4);
    const insured = await get(
      '/api/public/shipment_steps?countryCode=LV&shipmentType=parcel&additionalServices[]=insurance',
    );
    expect(names(insured.body)).toContain('content');
  });

  it('refuses an unknown country, a missing type and an unknown service', async () => {
    expect((await get('/api/public/shipment_steps?countryCode=QQ&shipmentType=letter')).body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'countryCode', code: 'UNKNOWN_COUNTRY' }),
    ]);
    expect((await get('/api/public/shipment_steps?countryCode=LV')).status).toBe(400);
    const unknown = await get(
      '/api/public/shipment_steps?countryCode=LV&shipmentType=letter&additionalServices=teleport',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.violations[0]).toMatchObject({ propertyPath: 'additionalServices[0]' });
  });
});

describe('GET /api/public/choices/shipment_sub_types', () => {
  it('lists the subtypes of the active workflows of a type and country', async () => {
    const { status, body } = await get('/api/public/choices/shipment_sub_types?shipmentType=letter&country.code=LV');
    expect(status).toBe(200);
    expect(body['hydra:member']).toEqual([
      { '@type': 'Choice', value: 'economy', label: 'Economy' },
      { '@type': 'Choice', value: 'registered', label: 'Registered' },
    ]);
    const world = await get('/api/public/choices/shipment_sub_types?shipmentType=parcel&country.code=US');
    expect(world.body['hydra:member'].map((choice: { value: string }) => choice.value)).toEqual([
      'economy',
      'premium',
      'standard',
      'standardPlus',
    ]);
  });

  it('refuses a bad type', async () => {
    expect((await get('/api/public/choices/shipment_sub_types?shipmentType=pigeon')).status).toBe(400);
  });
});

describe('the authenticated twins', () => {
  it('ask anonymous callers to authenticate and answer with a token', async () => {
    for (const url of [
      '/api/work_flows',
      '/api/work_flows/1',
      '/api/shipment_steps?countryCode=LV&shipmentType=letter',
      '/api/choices/shipment_sub_types',
    ]) {
      expect((await get(url)).status).toBe(401);
      expect((await get(url, BEARER)).status).toBe(200);
    }
  });
});

describe('seeding', () => {
  it("is idempotent and keeps an administrator's changes", async () => {
    await testApp.db.orm.update(workFlows).set({ label: 'Changed by an administrator' }).where(eq(workFlows.id, 1));
    await seedWorkflows(testApp.db.orm);
    const { body } = await get('/api/public/work_flows?rowsPerPage=1');
    expect(body['hydra:totalItems']).toBe(SEEDED);
    expect((await get('/api/public/work_flows/1')).body.label).toBe('Changed by an administrator');
    testApp.app.services.catalogue.invalidate();
  });

  it("fills a seeded workflow's missing Latvian name and keeps one an administrator wrote", async () => {
    await testApp.db.orm.update(workFlows).set({ labelLv: null }).where(eq(workFlows.id, 2));
    await testApp.db.orm.update(workFlows).set({ labelLv: 'Administratora nosaukums' }).where(eq(workFlows.id, 3));
    await seedWorkflows(testApp.db.orm);
    const latvian = { 'accept-language': 'lv' };
    const second = (await get('/api/public/work_flows/2', latvian)).body;
    expect(second.label).toBe(buildWorkflowSeed()[1]!.labelLv);
    expect(second.labels).toEqual({ en: buildWorkflowSeed()[1]!.label, lv: buildWorkflowSeed()[1]!.labelLv });
    expect((await get('/api/public/work_flows/3', latvian)).body.label).toBe('Administratora nosaukums');
    expect((await get('/api/public/work_flows/3')).body.label).toBe(buildWorkflowSeed()[2]!.label);
  });
});

describe('Latvian names', () => {
  it('every seeded workflow has one, and the list can be searched by it', async () => {
    for (const seed of buildWorkflowSeed()) expect(seed.labelLv).toMatch(/\S/);
    const { body } = await get('/api/public/work_flows?label=Pakom%C4%81ts&rowsPerPage=50', {
      'accept-language': 'lv',
    });
    expect(body['hydra:totalItems']).toBe(15);
    for (const member of body['hydra:member']) expect(member.label).toMatch(/^Pakomāts (XS|S|M|L|XL), /);
  });
});

/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { rigaDate } from '../../../src/calendar';
import { fillIndicativeFigures } from '../../../src/modules/workflows/indicative';
import { figureOrigin, type Workflow } from '../../../src/modules/workflows/model';
import { toWorkflow } from '../../../src/modules/workflows/repository';
import { workFlows } from '../../../src/modules/workflows/schema';
import { seedWorkflows } from '../../../src/modules/workflows/seed';
import { parseTariffFile, TariffFileError } from '../../../src/modules/workflows/tariff-file';
import {
  ADMINISTRATOR_SOURCE,
  applyTariffFile,
  type TariffImportOptions,
} from '../../../src/modules/workflows/tariff-import';
import { weightStepsOn } from '../../../src/modules/workflows/weight-steps';
import { startTestApp, type TestApp } from '../../helpers';

// The administrator's tariff file (README.md "Setting tariffs"): checks, how figures are stored
// beside the seeded ones, and that prices follow at once.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ modules: ['workflows', 'prices'] });
}, 60_000);
afterAll(() => testApp?.close());

const NOW = new Date('2026-11-22T10:00:00Z');

async function stored(seedKey: string): Promise<Workflow> {
  const [row] = await testApp.db.orm.select().from(workFlows).where(eq(workFlows.seedKey, seedKey));
  if (!row) throw new Error(`no workflow ${seedKey}`);
  return toWorkflow(row);
}

async function lithuanianPrices(weight = 2000) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/public/prices/by_country',
    payload: { shipmentType: 'parcel', countryCodes: ['LT'], weight },
  });
  expect(response.statusCode).toBe(200);
  const answer = response.json() as {
    workFlows: { label: string; price: { amount: number } | null; priceOnRequest?: boolean }[];
  };
  return (label: string) => answer.workFlows.find((workflow) => workflow.label === label);
}

/** The problems a refused file lists, or a failure if it was accepted. */
async function problemsOf(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TariffFileError) return error.problems;
    throw error;
  }
  throw new Error('the file was accepted');
}

/** The problems parseTariffFile lists for a refused file, or a failure if it was accepted. */
function parseProblems(file: unknown): string[] {
  try {
    parseTariffFile(file);
  } catch (error) {
    if (error instanceof TariffFileError) return error.problems;
    throw error;
  }
  throw new Error('the file was accepted');
}

/** Applies a tariff file as the API process would: its catalogue is invalidated, prices follow at once. */
const applyHere = (data: unknown, options: TariffImportOptions = {}) =>
  applyTariffFile(testApp.db.orm, data, { catalogue: testApp.app.services.catalogue, ...options });

describe('parseTariffFile', () => {
  it('accepts steps and services and fills the defaults', () => {
    const file = parseTariffFile({
      _comment: 'figures of the board decision',
      workflows: {
        'parcel-lt-locker-m': {
          weightCosts: [
            { maxWeight: 2000, priceCents: 450 },
            { maxWeight: 1000, priceCents: 500, insured: true },
            { maxWeight: 5000, priceCents: 600, validFrom: '2027-01-01', note: 'from the new year' },
          ],
          serviceOptions: { insurance: { ratio: 150 }, fragile: { priceCents: 120, vatRate: 2100 } },
        },
      },
    });
    expect(file.workflows['parcel-lt-locker-m']?.weightCosts?.[0]).toEqual({
      maxWeight: 2000,
      priceCents: 450,
      insured: false,
    });
  });

  it.each([
    ['a negative price', { w: { weightCosts: [{ maxWeight: 20, priceCents: -1 }] } }, 'A price cannot be negative.'],
    ['cents with a fraction', { w: { weightCosts: [{ maxWeight: 20, priceCents: 1.5 }] } }, 'whole number of cents'],
    ['a misspelt field', { w: { weightcosts: [] } }, 'weightcosts'],
    ['a bad date', { w: { validFrom: '22.11.2026', weightCosts: [{ maxWeight: 20, priceCents: 1 }] } }, 'YYYY-MM-DD'],
    ['nothing to set', { w: {} }, 'Give weightCosts or serviceOptions'],
    ['an unknown service', { w: { serviceOptions: { teleport: { priceCents: 1 } } } }, 'workflows.w.serviceOptions'],
    ['a price and a ratio', { w: { serviceOptions: { fragile: { priceCents: 1, ratio: 2 } } } }, 'either priceCents'],
  ])('refuses %s', (_, workflows, expected) => {
    expect(() => parseTariffFile({ workflows })).toThrow(TariffFileError);
    expect(parseProblems({ workflows }).join('\n')).toContain(expected);
  });

  it('refuses steps out of order or repeated, per insured variant, naming the step', () => {
    const problems = parseProblems({
      workflows: {
        w: {
          weightCosts: [
            { maxWeight: 2000, priceCents: 1 },
            { maxWeight: 1000, priceCents: 1, insured: true },
            { maxWeight: 1000, priceCents: 1 },
            { maxWeight: 1000, priceCents: 1, insured: true },
          ],
        },
      },
    });
    expect(problems).toEqual([
      'workflows.w.weightCosts[2].maxWeight: Weight steps must be in ascending order of maxWeight without repeats (1000 g after 2000 g).',
      'workflows.w.weightCosts[3].maxWeight: Weight steps must be in ascending order of maxWeight without repeats (1000 g after 1000 g).',
    ]);
  });

  it('reports every problem of the file at once', () => {
    const problems = parseProblems({
      workflows: {
        w: {
          weightCosts: [
            { maxWeight: 2000, priceCents: -3 },
            { maxWeight: 1000, priceCents: 1 },
          ],
        },
      },
    });
    expect(problems).toEqual([
      'workflows.w.weightCosts[0].priceCents: A price cannot be negative.',
      'workflows.w.weightCosts[1].maxWeight: Weight steps must be in ascending order of maxWeight without repeats (1000 g after 2000 g).',
    ]);
  });

  it('refuses what is not a tariff file', () => {
    expect(() => parseTariffFile([])).toThrow(TariffFileError);
    expect(() => parseTariffFile({})).toThrow(/workflows/);
  });
});

describe('applyTariffFile', () => {
  it('adds dated administrator rows beside the seeded ones and prices with them at once', async () => {
    // The catalogue is loaded (and cached) before the change: the seed's indicative figure prices it.
    expect((await lithuanianPrices())('Parcel locker M, Lithuania')).toMatchObject({
      price: { amount: 508, indicative: true },
    });
    const seeded = await stored('parcel-lt-locker-m');

    const report = await applyHere(
      { workflows: { 'parcel-lt-locker-m': { weightCosts: [{ maxWeight: 2000, priceCents: 450 }] } } },
      { now: NOW, fileName: 'board.json' },
    );
    expect(report).toEqual({
      workflowsChanged: 1,
      weightStepsSet: 1,
      weightStepsUnchanged: 0,
      weightStepsWithdrawn: 0,
      servicesSet: 0,
      servicesUnchanged: 0,
    });

    const after = await stored('parcel-lt-locker-m');
    // The seeded rows stay as they were; the figure is a new row, marked as the administrator's.
    expect(after.weightCosts.slice(0, seeded.weightCosts.length)).toEqual(seeded.weightCosts);
    expect(after.weightCosts.at(-1)).toEqual({
      maxWeight: 2000,
      insured: false,
      priceCents: 450,
      placeholder: false,
      validFrom: '2026-11-22',
      source: ADMINISTRATOR_SOURCE,
      note: 'Set by an administrator (tariff file board.json).',
    });
    expect(after.placeholders).not.toContain('weightCosts');

    const prices = await lithuanianPrices();
    expect(prices('Parcel locker M, Lithuania')).toMatchObject({ price: { amount: 450, indicative: false } });
    expect(prices('Parcel locker XS, Lithuania')).toMatchObject({ price: { amount: 391, indicative: true } });
    // Above the new step, the indicative 30 kg step still prices: a file only adds steps (see replaceWeightCosts).
    expect((await lithuanianPrices(2001))('Parcel locker M, Lithuania')).toMatchObject({
      price: { amount: 508, indicative: true },
    });
  });

  it('applied again (every API start) changes nothing; a new price is a new row', async () => {
    const file = { workflows: { 'parcel-lt-locker-m': { weightCosts: [{ maxWeight: 2000, priceCents: 450 }] } } };
    const before = await stored('parcel-lt-locker-m');
    const later = new Date('2026-12-03T10:00:00Z');
    expect(await applyHere(file, { now: later })).toMatchObject({
      workflowsChanged: 0,
      weightStepsSet: 0,
      weightStepsUnchanged: 1,
    });
    expect((await stored('parcel-lt-locker-m')).weightCosts).toEqual(before.weightCosts);

    // Same day again with another figure: the administrator's row of that day is replaced.
    await applyHere(
      { workflows: { 'parcel-lt-locker-m': { weightCosts: [{ maxWeight: 2000, priceCents: 470 }] } } },
      { now: NOW },
    );
    const replaced = await stored('parcel-lt-locker-m');
    expect(replaced.weightCosts).toHaveLength(before.weightCosts.length);
    expect(replaced.weightCosts.at(-1)).toMatchObject({ priceCents: 470, validFrom: '2026-11-22' });
    expect((await lithuanianPrices())('Parcel locker M, Lithuania')).toMatchObject({ price: { amount: 470 } });

    // A dated future figure: today's price stays until then.
    await applyHere(
      {
        workflows: {
          'parcel-lt-locker-m': { validFrom: '2030-01-01', weightCosts: [{ maxWeight: 2000, priceCents: 990 }] },
        },
      },
      { now: NOW },
    );
    expect((await stored('parcel-lt-locker-m')).weightCosts.at(-1)).toMatchObject({
      priceCents: 990,
      validFrom: '2030-01-01',
    });
    expect((await lithuanianPrices())('Parcel locker M, Lithuania')).toMatchObject({ price: { amount: 470 } });
  });

  it('sets service rates and drops the placeholders mark once every figure is known', async () => {
    const report = await applyHere(
      {
        workflows: {
          'parcel-eea-economy-small': { weightCosts: [{ maxWeight: 2000, priceCents: 700 }] },
          'parcel-eea-standard-small': {
            weightCosts: [{ maxWeight: 2000, priceCents: 900 }],
            serviceOptions: { trackingInternational: { priceCents: 150 } },
          },
          'parcel-lv-post-office-registered': {
            serviceOptions: { fragile: { ratio: 2000, minCents: 100 }, insurance: { ratio: 200 } },
          },
        },
      },
      { now: NOW },
    );
    expect(report).toMatchObject({ workflowsChanged: 3, weightStepsSet: 2, servicesSet: 3, servicesUnchanged: 0 });

    const economy = await stored('parcel-eea-economy-small');
    expect(economy.placeholders).not.toContain('weightCosts');
    const standard = await stored('parcel-eea-standard-small');
    expect(standard.placeholders).not.toContain('serviceOptions');
    expect(standard.serviceOptions).toEqual([
      {
        name: 'trackingInternational',
        priceCents: 150,
        ratio: null,
        ratioOf: null,
        minCents: null,
        vatRate: 0,
        placeholder: false,
        source: ADMINISTRATOR_SOURCE,
      },
    ]);
    const domestic = await stored('parcel-lv-post-office-registered');
    // Fragile keeps its base (shipment price) and its VAT from the seed; the rate is the administrator's.
    expect(domestic.serviceOptions.find((option) => option.name === 'fragile')).toEqual({
      name: 'fragile',
      priceCents: null,
      ratio: 2000,
      ratioOf: 'shipmentPrice',
      minCents: 100,
      vatRate: 2100,
      placeholder: false,
      source: ADMINISTRATOR_SOURCE,
    });
    // The seeded 2 % insurance was a published figure: now it is the administrator's (same rate).
    expect(domestic.serviceOptions.find((option) => option.name === 'insurance')).toMatchObject({
      ratio: 200,
      source: ADMINISTRATOR_SOURCE,
    });
    // The services the file does not name keep their indicative figures.
    expect(domestic.serviceOptions.find((option) => option.name === 'bigSize')).toMatchObject({
      ratio: 2500,
      source: 'indicative',
    });
    expect(domestic.placeholders).not.toContain('serviceOptions');
  });

  it('refuses a file with any problem and applies none of it', async () => {
    const before = await testApp.db.orm.select().from(workFlows).orderBy(workFlows.id);
    const problems = await problemsOf(
      applyHere(
        {
          workflows: {
            'parcel-ee-locker-s': { weightCosts: [{ maxWeight: 2000, priceCents: 300 }] },
            'parcel-xx-teleport': { weightCosts: [{ maxWeight: 2000, priceCents: 300 }] },
            'letter-lv-economy': {
              // A published figure is dated 2026-01-01 for the 20 g step; the 3 kg step is above 2 kg.
              validFrom: '2026-01-01',
              weightCosts: [
                { maxWeight: 20, priceCents: 240 },
                { maxWeight: 3000, priceCents: 900 },
              ],
            },
            'parcel-eea-economy-small': { serviceOptions: { insurance: { ratio: 100 } } },
            'parcel-lv-locker-m': { serviceOptions: { cashOnDelivery: { ratio: 100 } } },
          },
        },
        { now: NOW },
      ),
    );
    expect(problems).toEqual([
      'workflows.parcel-xx-teleport: No workflow has the seed key "parcel-xx-teleport".',
      `workflows.letter-lv-economy.weightCosts[0].validFrom: A published figure (https://www.la.lv/mainas-latvijas-pasta-universala-pasta-pakalpojuma-tarifi-2) is stored for this step from 2026-01-01; give a later validFrom.`,
      "workflows.letter-lv-economy.weightCosts[1].maxWeight: 3000 g is above the workflow's maximum weight (2000 g).",
      'workflows.parcel-eea-economy-small.serviceOptions.insurance: The workflow does not offer this service (it offers: none).',
    ]);
    expect(await testApp.db.orm.select().from(workFlows).orderBy(workFlows.id)).toEqual(before);
  });

  it('a dry run reports and writes nothing', async () => {
    const before = await stored('parcel-ee-locker-l');
    const report = await applyHere(
      { workflows: { 'parcel-ee-locker-l': { weightCosts: [{ maxWeight: 10_000, priceCents: 800 }] } } },
      { now: NOW, dryRun: true },
    );
    expect(report).toMatchObject({ workflowsChanged: 1, weightStepsSet: 1 });
    expect(await stored('parcel-ee-locker-l')).toEqual(before);
  });
});

describe('replacing a weight table (replaceWeightCosts)', () => {
  const KEY = 'parcel-lv-parcelMachine-courier';
  const table = {
    validFrom: '2026-11-22',
    workflows: {
      [KEY]: {
        replaceWeightCosts: true,
        weightCosts: [
          { maxWeight: 2000, priceCents: 500 },
          { maxWeight: 5000, priceCents: 650 },
          { maxWeight: 30_000, priceCents: 990 },
        ],
      },
    },
  };

  async function latvianCourier(weight: number) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/public/prices/by_country',
      payload: { shipmentType: 'parcel', countryCodes: ['LV'], weight },
    });
    return (response.json().workFlows as { label: string; price: { amount: number; indicative: boolean } }[]).find(
      (workflow) => workflow.label === 'Parcel, parcel locker to door by courier, Latvia',
    );
  }

  it('withdraws every step the new table does not name from its date, so none prices part of the range', async () => {
    // Before: the indicative 3 kg step prices a 2.5 kg parcel (tariffs-indicative.md G).
    expect((await latvianCourier(2500))?.price).toMatchObject({ amount: 440, indicative: true });
    const before = await stored(KEY);

    const report = await applyHere(table, { now: NOW });
    // Indicative steps were 3, 5, 10, 15, 20, 25 and 30 kg: 5 and 30 kg are in the new table.
    expect(report).toMatchObject({ workflowsChanged: 1, weightStepsSet: 3, weightStepsWithdrawn: 5 });

    expect((await latvianCourier(2500))?.price).toMatchObject({ amount: 650, indicative: false });
    expect((await latvianCourier(12_000))?.price).toMatchObject({ amount: 990, indicative: false });
    const after = await stored(KEY);
    // The earlier rows stay as history: before the date, the indicative table priced.
    expect(after.weightCosts.slice(0, before.weightCosts.length)).toEqual(before.weightCosts);
    expect(weightStepsOn(after.weightCosts, '2026-11-21', false).map((row) => row.maxWeight)).toEqual([
      3000, 5000, 10_000, 15_000, 20_000, 25_000, 30_000,
    ]);
    expect(weightStepsOn(after.weightCosts, '2026-11-22', false).map((row) => [row.maxWeight, row.priceCents])).toEqual(
      [
        [2000, 500],
        [5000, 650],
        [30_000, 990],
      ],
    );
    expect(after.weightCosts.filter((row) => row.withdrawn)).toHaveLength(5);
  });

  it('applied again changes nothing', async () => {
    const before = await stored(KEY);
    expect(await applyHere(table, { now: NOW })).toMatchObject({
      workflowsChanged: 0,
      weightStepsSet: 0,
      weightStepsUnchanged: 3,
      weightStepsWithdrawn: 0,
    });
    expect(await stored(KEY)).toEqual(before);
  });

  it('takes one date for the whole table and needs the table', () => {
    expect(
      parseProblems({
        workflows: {
          [KEY]: {
            replaceWeightCosts: true,
            weightCosts: [{ maxWeight: 2000, priceCents: 1, validFrom: '2027-01-01' }],
          },
        },
      }),
    ).toEqual([expect.stringMatching(/^workflows\.parcel-lv-parcelMachine-courier\.weightCosts\[0\]\.validFrom: /)]);
    expect(
      parseProblems({ workflows: { [KEY]: { replaceWeightCosts: true, serviceOptions: { fragile: { ratio: 1 } } } } }),
    ).toEqual([expect.stringMatching(/replaceWeightCosts needs the new table/)]);
  });

  it('refuses to withdraw a published figure of the same day', async () => {
    const problems = await problemsOf(
      applyHere({
        validFrom: '2026-01-01',
        workflows: {
          'letter-lv-economy': { replaceWeightCosts: true, weightCosts: [{ maxWeight: 2000, priceCents: 900 }] },
        },
      }),
    );
    expect(problems).toContainEqual(expect.stringMatching(/published figure .* 20 g step from 2026-01-01/));
  });
});

describe('services applied again', () => {
  it('are left alone: the stored options are compared by value, whatever order the database keeps keys in', async () => {
    const file = {
      workflows: {
        'parcel-ee-courier-courier': {
          serviceOptions: { insurance: { ratio: 150 }, fragile: { ratio: 1500, minCents: 200 } },
        },
      },
    };
    expect(await applyHere(file, { now: NOW })).toMatchObject({ servicesSet: 2 });
    const before = await stored('parcel-ee-courier-courier');
    expect(await applyHere(file, { now: NOW })).toMatchObject({
      workflowsChanged: 0,
      servicesSet: 0,
      servicesUnchanged: 2,
    });
    expect(await stored('parcel-ee-courier-courier')).toEqual(before);
  });
});

describe('the indicative figures of the seed', () => {
  it('leave no price unknown, and say what each figure rests on', async () => {
    const fresh = await startTestApp({ modules: ['workflows', 'prices'] });
    try {
      const workflows = (await fresh.db.orm.select().from(workFlows)).map(toWorkflow);
      const today = rigaDate();
      for (const workflow of workflows) {
        for (const insured of [false, true]) {
          for (const row of weightStepsOn(workflow.weightCosts, today, insured)) {
            expect({ key: workflow.seedKey, origin: figureOrigin(row) }).toEqual({
              key: workflow.seedKey,
              origin: expect.stringMatching(/^(official|indicative)$/),
            });
          }
        }
        expect(workflow.serviceOptions.filter((option) => option.placeholder)).toEqual([]);
        expect(workflow.placeholders).not.toContain('weightCosts');
        expect(workflow.placeholders).not.toContain('serviceOptions');
      }
      // Seeding again (every start) changes nothing.
      expect(await fillIndicativeFigures(fresh.db.orm)).toBe(0);
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('never take the place of a figure an administrator set', async () => {
    const file = {
      validFrom: '2025-01-01',
      workflows: { 'letter-eea-economy': { weightCosts: [{ maxWeight: 50, priceCents: 333 }] } },
    };
    // Same day as the indicative row: the administrator's figure replaces it (it was never published).
    expect(await applyHere(file, { now: NOW })).toMatchObject({ weightStepsSet: 1 });
    const before = await stored('letter-eea-economy');
    await seedWorkflows(testApp.db.orm);
    expect(await stored('letter-eea-economy')).toEqual(before);
    expect(before.weightCosts.filter((row) => row.maxWeight === 50)).toEqual([
      expect.objectContaining({ priceCents: 333, source: ADMINISTRATOR_SOURCE, validFrom: '2025-01-01' }),
    ]);
  });
});

describe('TARIFF_FILE at API start', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'tariffs-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  async function startWith(content: unknown): Promise<TestApp> {
    const file = path.join(directory, `tariffs-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
    process.env.TARIFF_FILE = file;
    try {
      return await startTestApp({ modules: ['workflows', 'prices'] });
    } finally {
      delete process.env.TARIFF_FILE;
    }
  }

  it('applies the file after seeding, so the API prices with it from the first request', async () => {
    const started = await startWith({
      workflows: { 'parcel-lt-locker-l': { weightCosts: [{ maxWeight: 2000, priceCents: 615 }] } },
    });
    try {
      const response = await started.app.inject({
        method: 'POST',
        url: '/api/public/prices/by_country',
        payload: { shipmentType: 'parcel', countryCodes: ['LT'], weight: 1500 },
      });
      const product = (
        response.json() as { workFlows: { label: string; price: { amount: number } | null }[] }
      ).workFlows.find((workflow) => workflow.label === 'Parcel locker L, Lithuania');
      expect(product?.price?.amount).toBe(615);
    } finally {
      await started.close();
    }
  }, 60_000);

  it('refuses to start with a file that fails its checks', async () => {
    await expect(
      startWith({ workflows: { 'parcel-lt-locker-l': { weightCosts: [{ maxWeight: 2000, priceCents: -5 }] } } }),
    ).rejects.toThrow(/A price cannot be negative/);
    await expect(startWith('{ not json')).rejects.toThrow(/cannot be read as JSON/);
  }, 60_000);
});

describe('seeding an older database', () => {
  it('gives the domestic parcel the one working day of SPEC §9 in place of the 4 days an earlier seed wrote', async () => {
    const [domestic] = await testApp.db.orm
      .update(workFlows)
      .set({ deliveryDays: 4 })
      .where(eq(workFlows.seedKey, 'parcel-lv-post-office-registered'))
      .returning();
    await testApp.db.orm
      .update(workFlows)
      .set({ deliveryDays: null })
      .where(eq(workFlows.seedKey, 'letter-lv-economy'));
    // An administrator's own figure for another product stays.
    await testApp.db.orm.update(workFlows).set({ deliveryDays: 2 }).where(eq(workFlows.seedKey, 'parcel-lv-locker-s'));
    await seedWorkflows(testApp.db.orm);
    expect((await stored('parcel-lv-post-office-registered')).deliveryDays).toBe(1);
    expect((await stored('letter-lv-economy')).deliveryDays).toBe(1);
    expect((await stored('parcel-lv-locker-s')).deliveryDays).toBe(2);
    expect(domestic?.id).toBeGreaterThan(0);
  });
});

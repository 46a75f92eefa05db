/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { ORDER_LIST_COUNT_LIMIT, ORDER_SEARCH_COUNT_LIMIT } from '@portal/shared-contracts/orders';
import { count, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { userAccounts, users } from '../../../src/modules/identity/schema';
import { orderLines, orders } from '../../../src/modules/orders/schema';
import { startTestApp, type TestApp } from '../../helpers';
import { completed, latvianReceiver, requester, sender, verifiedUser, workflowId } from './order-fixtures';

let testApp: TestApp;
let parcelWorkflow: number;
let internationalWorkflow: number;
const user = verifiedUser('lister');
let accountId: number;

beforeAll(async () => {
  testApp = await startTestApp();
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  internationalWorkflow = await workflowId(testApp, 'parcel-world-standardPlus-large');
  const account = await request('POST', '/api/accounts', user, { type: 'private' });
  accountId = account.body.id;
}, 60_000);
afterAll(() => testApp?.close());

const request = requester(() => testApp);

const usParcel = (content: object[], extra: object = {}) => ({
  step: 4,
  orderLines: [
    {
      workFlow: internationalWorkflow,
      attributes: { weight: 1200, countryCode: 'US', additionalServices: ['insurance'] },
      services: { insurance: { amount: 20_000 } },
      sender,
      receiver: {
        name: 'John Smith',
        phonePrefix: '1',
        phone: '2025550123',
        address: { countryCode: 'US', addressLine: '1 Main St', city: 'Springfield', postCode: '62701' },
      },
      content,
      ...extra,
    },
  ],
  termsAccepted: true,
  privacyAccepted: true,
  eNotification: 'agree',
});

describe('validate', () => {
  const items = [
    { name: 'Book', hsCode: '490199', countryCode: 'LV', quantity: 1, weight: 500, value: 12_000 },
    { name: 'Scarf', hsCode: '611710', countryCode: 'LV', quantity: 2, weight: 400, value: 3_000 },
  ];

  it('reports the content rules with approval kinds, and accepts them once approved', async () => {
    const first = await request('POST', '/api/orders/validate?type=content', user, usParcel(items));
    expect(first.status).toBe(422);
    expect(first.body.violations).toEqual([
      {
        propertyPath: 'orderLines[0].content',
        message: 'The total weight of the added items is 0.3 kg less than the shipment weight',
        messageTemplate: 'The total weight of the added items is {diff} kg less than the shipment weight',
        parameters: { diff: 0.3 },
        code: 'CONTENT_WEIGHT_LESS_THAN_INITIAL_CODE',
      },
      expect.objectContaining({
        propertyPath: 'orderLines[0].services.insurance.amount',
        code: 'INSURANCE_AMOUNT_HIGHER_THEN_CONTENT_TOTAL_VALUE',
      }),
    ]);
    const approvals = ['CONTENT_WEIGHT_LESS_THAN_INITIAL_CODE', 'INSURANCE_AMOUNT_HIGHER_THEN_CONTENT_TOTAL_VALUE'];
    const approved = await request('POST', '/api/orders/validate?type=content', user, usParcel(items, { approvals }));
    expect(approved.status).toBe(200);
  });

  it('asks a domestic insured parcel for content values only, never for customs data (issue 21)', async () => {
    const values = [{ name: 'Camera', weight: 2000, value: 150_000 }];
    const domestic = {
      step: 4,
      orderLines: [
        {
          workFlow: parcelWorkflow,
          attributes: { weight: 2000, countryCode: 'LV', additionalServices: ['insurance'] },
          services: { insurance: { amount: 10_000 } },
          sender,
          receiver: latvianReceiver,
          content: values,
        },
      ],
    };
    const answer = await request('POST', '/api/orders/validate?type=content', user, domestic);
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).not.toMatch(/customs|EXPORT_DECLARATION/i);
    // The same content leaving the EU: origin and quantity wanted, and the export declaration noted.
    const abroad = await request('POST', '/api/orders/validate?type=content', user, usParcel(values));
    const codes = [...(abroad.body.violations ?? []), ...(abroad.body.notices ?? [])].map(
      (found: { code: string }) => found.code,
    );
    expect(codes).toEqual(expect.arrayContaining(['NOT_BLANK', 'EXPORT_DECLARATION_REQUIRED']));
  });

  it('refuses insurance above a content value under 100 EUR', async () => {
    const cheap = [{ name: 'Pen', countryCode: 'LV', quantity: 1, weight: 1200, value: 5_000 }];
    const answer = await request('POST', '/api/orders/validate?type=content', user, usParcel(cheap));
    expect(answer.body.violations).toEqual([
      expect.objectContaining({
        code: 'CONTENT_VALUE_TOO_SMALL_FOR_INSURANCE',
        message: 'Content value too small for insurance',
      }),
    ]);
  });

  it('wants a US state and at most 10 content lines on the whole order', async () => {
    const many = Array.from({ length: 11 }, () => ({
      name: 'Sock',
      countryCode: 'LV',
      quantity: 1,
      weight: 100,
      value: 1_000,
    }));
    const answer = await request('POST', '/api/orders/validate', user, usParcel(many));
    expect(answer.status).toBe(422);
    const messages = answer.body.violations.map((violation: { message: string }) => violation.message);
    expect(messages).toEqual(
      expect.arrayContaining(['A state is required for the United States.', 'You can only add up to 10 items']),
    );
  });

  it('answers 400 for an unknown type and 422 for a malformed body', async () => {
    expect((await request('POST', '/api/orders/validate?type=other', user, usParcel(items))).status).toBe(400);
    const malformed = await request('POST', '/api/orders/validate', user, {
      orderLines: [{ attributes: { weight: 'x' } }],
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body.violations[0].propertyPath).toBe('orderLines[0].attributes.weight');
  });
});

describe('my orders', () => {
  it('filters, pages and sorts on the server', async () => {
    const names = ['Zane Kalniņa', 'Pēteris Ozols', 'Zigmārs Liepa', 'Ilze Egle', 'Zelma Bērza', 'Artūrs Vītols'];
    for (const name of names) {
      const body = completed(parcelWorkflow);
      body.orderLines[0]!.receiver = { ...latvianReceiver, name };
      expect((await request('POST', '/api/orders', user, body)).status).toBe(201);
    }
    const page1 = await request('GET', '/api/orders', user);
    expect(page1.body['hydra:totalItems']).toBe(6);
    expect(page1.body['hydra:member']).toHaveLength(5);
    expect(page1.body['hydra:member'][0].receiver).toBe('Artūrs Vītols');
    expect(page1.body['hydra:view']['hydra:next']).toBe('/api/orders?page=2');
    // A page past the last has no rows and still the total (both come from one statement).
    const beyond = await request('GET', '/api/orders?page=3', user);
    expect(beyond.body['hydra:member']).toEqual([]);
    expect(beyond.body['hydra:totalItems']).toBe(6);

    const oldestFirst = await request('GET', '/api/orders?_order[createdAt]=ASC&rowsPerPage=2&page=1', user);
    expect(oldestFirst.body['hydra:member'].map((row: { receiver: string }) => row.receiver)).toEqual([
      'Zane Kalniņa',
      'Pēteris Ozols',
    ]);
    const search = await request('GET', '/api/orders?search=z&rowsPerPage=10', user);
    expect(search.body['hydra:member'].map((row: { receiver: string }) => row.receiver).sort()).toEqual([
      'Zane Kalniņa',
      'Zelma Bērza',
      'Zigmārs Liepa',
    ]);
    const bySurname = await request('GET', '/api/orders?search=oz', user);
    expect(bySurname.body['hydra:member'].map((row: { receiver: string }) => row.receiver)).toEqual(['Pēteris Ozols']);
    // Every search by name goes through the account's trigram index of word starts: a word's start
    // only, never the middle of a word.
    const receiversOf = async (text: string) =>
      (await request('GET', `/api/orders?search=${encodeURIComponent(text)}`, user)).body['hydra:member']
        .map((row: { receiver: string }) => row.receiver)
        .sort();
    expect(await receiversOf('Ozol')).toEqual(['Pēteris Ozols']);
    expect(await receiversOf('zol')).toEqual([]);
    expect(await receiversOf('VĪTO')).toEqual(['Artūrs Vītols']);
    expect(await receiversOf('pēteris oz')).toEqual(['Pēteris Ozols']);
    expect(await receiversOf('ze')).toEqual(['Zelma Bērza']);
    expect((await request('GET', '/api/orders?search=100%25', user)).body['hydra:totalItems']).toBe(0);
    expect((await request('GET', '/api/orders?country=lt', user)).body['hydra:totalItems']).toBe(0);
    expect((await request('GET', '/api/orders?country=LV&status=unfinished', user)).body['hydra:totalItems']).toBe(6);
    expect((await request('GET', '/api/orders?status=paid', user)).body['hydra:totalItems']).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Riga' }).format(new Date());
    expect(
      (await request('GET', `/api/orders?dateFrom=${today}&dateTill=${today}`, user)).body['hydra:totalItems'],
    ).toBe(6);
    expect((await request('GET', '/api/orders?dateTill=2020-01-01', user)).body['hydra:totalItems']).toBe(0);
    expect((await request('GET', `/api/orders?account=${accountId}`, user)).body['hydra:totalItems']).toBe(6);
    expect((await request('GET', '/api/orders?status=lost', user)).status).toBe(400);
    expect((await request('GET', '/api/orders?dateFrom=2026-13-45', user)).status).toBe(400);
    expect((await request('GET', '/api/public/orders')).body['hydra:totalItems']).toBe(0);
  });

  it("lists only the caller's own orders of a shared account with mine=true", async () => {
    const colleague = verifiedUser('lister-colleague');
    await request('POST', '/api/my-user', colleague);
    const [row] = await testApp.db.orm
      .select({ id: users.id })
      .from(users)
      .where(eq(users.subject, 'lister-colleague'));
    await testApp.db.orm.insert(userAccounts).values({ userId: row!.id, accountId, role: 'USER' });
    const body = completed(parcelWorkflow);
    body.orderLines[0]!.receiver = { ...latvianReceiver, name: 'Colleague Receiver' };
    expect(
      (await request('POST', '/api/orders', { ...colleague, 'x-account-id': String(accountId) }, body)).status,
    ).toBe(201);
    const receivers = (answer: { body: { 'hydra:member': { receiver: string }[] } }) =>
      answer.body['hydra:member'].map((line) => line.receiver);
    const all = await request('GET', '/api/orders?rowsPerPage=100', user);
    const mine = await request('GET', '/api/orders?rowsPerPage=100&mine=true', user);
    const theirs = await request('GET', `/api/orders?rowsPerPage=100&mine=true&account=${accountId}`, colleague);
    expect(receivers(all)).toContain('Colleague Receiver');
    expect(receivers(mine)).not.toContain('Colleague Receiver');
    expect(mine.body['hydra:totalItems']).toBe(all.body['hydra:totalItems'] - 1);
    expect(receivers(theirs)).toEqual(['Colleague Receiver']);
    expect(theirs.body['hydra:totalItems']).toBe(1);
    expect((await request('GET', '/api/orders?mine=false', user)).body['hydra:totalItems']).toBe(
      all.body['hydra:totalItems'],
    );
    expect((await request('GET', '/api/orders?mine=yes', user)).status).toBe(400);
  });

  it('cancels and deletes unfinished orders', async () => {
    const created = await request('POST', '/api/orders', user, completed(parcelWorkflow));
    const cancelled = await request('POST', `${created.body['@id']}/cancel`, user);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(
      (await request('PUT', created.body['@id'], user, completed(parcelWorkflow, cancelled.body.version))).status,
    ).toBe(422);
    expect((await request('DELETE', created.body['@id'], user)).status).toBe(204);
    expect((await request('GET', created.body['@id'], user)).status).toBe(404);
  });
});

describe('bad input', () => {
  const countRows = async () => {
    const [o] = await testApp.db.orm.select({ n: count() }).from(orders);
    const [l] = await testApp.db.orm.select({ n: count() }).from(orderLines);
    return { orders: o?.n ?? 0, lines: l?.n ?? 0 };
  };

  // Any JSON where the order's fields are, and near-valid values in their places.
  const anything = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 30 }),
    fc.constantFrom('LV', 'US', 'NO', '', 'LV-1010', '2026-02-30', '10:00', '/api/work_flows/1', 'insurance'),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  );
  const party = fc.record(
    {
      name: anything,
      phonePrefix: anything,
      phone: anything,
      email: anything,
      iban: anything,
      address: fc.oneof(
        anything,
        fc.record({ countryCode: anything, postCode: anything, region: anything, city: anything }),
      ),
    },
    { requiredKeys: [] },
  );
  const line = fc.record(
    {
      workFlow: fc.oneof(anything, fc.constant(1), fc.constant(999_999)),
      attributes: fc.oneof(
        anything,
        fc.record(
          {
            weight: fc.oneof(anything, fc.integer({ min: -1, max: 200_000 })),
            countryCode: anything,
            additionalServices: fc.oneof(
              anything,
              fc.array(fc.constantFrom('insurance', 'courierPickUp', 'cashOnDelivery', 'x')),
            ),
          },
          { requiredKeys: [] },
        ),
      ),
      services: fc.oneof(
        anything,
        fc.record(
          {
            insurance: fc.oneof(
              anything,
              fc.record({ amount: fc.oneof(anything, fc.integer({ min: -100, max: 200_000_000 })) }),
            ),
            cashOnDelivery: fc.oneof(anything, fc.record({ type: anything, amount: anything })),
            courierPickUp: fc.oneof(
              anything,
              fc.record({ pickUpTime: fc.record({ date: anything, from: anything, till: anything }) }),
            ),
          },
          { requiredKeys: [] },
        ),
      ),
      sender: fc.oneof(anything, party),
      receiver: fc.oneof(anything, party),
      content: fc.oneof(
        anything,
        fc.array(
          fc.record(
            { name: anything, weight: anything, value: anything, quantity: anything, countryCode: anything },
            { requiredKeys: [] },
          ),
          { maxLength: 12 },
        ),
      ),
      approvals: fc.oneof(anything, fc.array(fc.constantFrom('CONTENT_WEIGHT_DIFFERENCE', 'x'))),
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    anything,
    fc.record(
      {
        orderLines: fc.oneof(anything, fc.array(line, { maxLength: 3 })),
        step: anything,
        version: anything,
        termsAccepted: anything,
        eNotification: anything,
        account: anything,
      },
      { requiredKeys: [] },
    ),
  );

  // Every field of a valid order, each replaced by anything (or removed) in turn.
  const FIELDS = [
    'step',
    'version',
    'discountCode',
    'termsAccepted',
    'privacyAccepted',
    'eNotification',
    'account',
    'orderLines',
    'orderLines.0',
    'orderLines.0.workFlow',
    'orderLines.0.attributes',
    'orderLines.0.attributes.weight',
    'orderLines.0.attributes.countryCode',
    'orderLines.0.attributes.postCode',
    'orderLines.0.attributes.additionalServices',
    'orderLines.0.attributes.packageSize',
    'orderLines.0.attributes.transferType',
    'orderLines.0.services',
    'orderLines.0.services.insurance',
    'orderLines.0.services.insurance.amount',
    'orderLines.0.services.cashOnDelivery',
    'orderLines.0.services.courierPickUp',
    'orderLines.0.sender',
    'orderLines.0.sender.name',
    'orderLines.0.sender.phone',
    'orderLines.0.sender.phonePrefix',
    'orderLines.0.sender.email',
    'orderLines.0.sender.iban',
    'orderLines.0.sender.company',
    'orderLines.0.sender.address',
    'orderLines.0.sender.address.postCode',
    'orderLines.0.receiver.name',
    'orderLines.0.receiver.address.countryCode',
    'orderLines.0.receiver.address.region',
    'orderLines.0.content',
    'orderLines.0.content.0',
    'orderLines.0.content.0.weight',
    'orderLines.0.content.0.value',
    'orderLines.0.content.0.quantity',
    'orderLines.0.content.0.hsCode',
    'orderLines.0.customsInfo',
    'orderLines.0.customsInfo.natureOfTransaction',
    'orderLines.0.discountCode',
    'orderLines.0.approvals',
  ];
  const validOrder = () => {
    // A deep copy: the fixtures' sender and receiver objects are shared with the other tests.
    const order = structuredClone(completed(parcelWorkflow)) as Record<string, unknown>;
    const line = (order.orderLines as Record<string, unknown>[])[0]!;
    line.services = { insurance: { amount: 10_000 } };
    line.attributes = { weight: 1000, countryCode: 'LV', additionalServices: ['insurance'] };
    line.content = [{ name: 'Vase', hsCode: '691390', countryCode: 'LV', quantity: 1, weight: 1000, value: 12_000 }];
    line.customsInfo = { natureOfTransaction: 'gift' };
    return order;
  };
  const mutated = fc
    .array(fc.tuple(fc.constantFrom(...FIELDS), fc.oneof(anything, fc.constant(undefined))), { maxLength: 2 })
    .map((changes) => {
      const order = validOrder();
      for (const [path, value] of changes) {
        const keys = path.split('.');
        let target: Record<string, unknown> | undefined = order;
        for (const key of keys.slice(0, -1)) {
          const next: unknown = target?.[key];
          target = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : undefined;
        }
        if (target) target[keys.at(-1)!] = value;
      }
      return JSON.parse(JSON.stringify(order)) as unknown;
    });
  const fuzzed = fc.oneof(mutated, mutated, body);

  it('answers every fuzzed order with 2xx or 4xx, never 500, and writes nothing when it refuses', async () => {
    const seen = { created: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fuzzed, async (payload) => {
        const before = await countRows();
        const created = await request('POST', '/api/orders', user, payload);
        expect(created.status).toBeLessThan(500);
        const after = await countRows();
        if (created.status >= 400) expect(after).toEqual(before);
        else expect(after.orders).toBe(before.orders + 1);
        seen[created.status >= 400 ? 'refused' : 'created']++;
        const validated = await request('POST', '/api/orders/validate', user, payload);
        expect(validated.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
    // The generator reaches both sides: bodies that are saved and bodies that are refused.
    expect(seen.created).toBeGreaterThan(5);
    expect(seen.refused).toBeGreaterThan(5);
    // And a PUT of the same bodies onto one order: refused ones leave it as it was.
    const target = await request('POST', '/api/orders', user, completed(parcelWorkflow));
    expect(target.status).toBe(201);
    await fc.assert(
      fc.asyncProperty(fuzzed, async (payload) => {
        const before = await request('GET', target.body['@id'], user);
        const put = await request('PUT', target.body['@id'], user, payload);
        expect(put.status).toBeLessThan(500);
        if (put.status >= 400) expect((await request('GET', target.body['@id'], user)).body).toEqual(before.body);
      }),
      { numRuns: 60 },
    );
    const [stored] = await testApp.db.orm.select().from(orders).where(eq(orders.key, target.body.key));
    expect(stored?.status).toBe('unfinished');
  }, 120_000);
});

describe('my orders of an account with more lines than the list counts', () => {
  it('stops counting at ORDER_LIST_COUNT_LIMIT (a name search at ORDER_SEARCH_COUNT_LIMIT), says so and still pages on; a filter counts exactly', async () => {
    const bigUser = verifiedUser('lister-large');
    const account = await request('POST', '/api/accounts', bigUser, { type: 'private' });
    const body = completed(parcelWorkflow);
    body.orderLines[0]!.receiver = { ...latvianReceiver, name: 'Laura Lielā' };
    expect((await request('POST', '/api/orders', bigUser, body)).status).toBe(201);
    // ORDER_LIST_COUNT_LIMIT more copies of that line, straight into the table (through the API
    // they would take minutes): every column but the id, the shipment number left empty.
    const found = (await testApp.db.orm.execute(
      sql`select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = 'order_lines' and column_name <> 'id'`,
    )) as unknown as { rows: { column_name: string }[] };
    const columns = found.rows.map((row) => row.column_name);
    const copied = columns.map((name) => (name === 'barcode' ? 'null' : `"${name}"`)).join(', ');
    await testApp.db.orm.execute(
      sql.raw(
        `insert into order_lines (${columns.map((name) => `"${name}"`).join(', ')})
         select ${copied} from order_lines, generate_series(1, ${ORDER_LIST_COUNT_LIMIT})
         where account_id = ${Number(account.body.id)}`,
      ),
    );
    const path = (query: string) => `/api/orders?account=${account.body.id}&rowsPerPage=100&${query}`;
    const first = await request('GET', path('page=1'), bigUser);
    expect(first.body['hydra:totalItems']).toBe(ORDER_LIST_COUNT_LIMIT);
    expect(first.body.totalItemsCapped).toBe(true);
    // The counted pages end at page 100; the line past them is on page 101, the last.
    const counted = await request('GET', path('page=100'), bigUser);
    expect(counted.body['hydra:view']['hydra:next']).toContain('page=101');
    const past = await request('GET', path('page=101'), bigUser);
    expect(past.body['hydra:member']).toHaveLength(1);
    expect(past.body['hydra:view']['hydra:next']).toBeUndefined();
    // Under the limit the total is exact and not marked.
    const few = await request('GET', path('dateTill=2020-01-01'), bigUser);
    expect(few.body['hydra:totalItems']).toBe(0);
    expect(few.body.totalItemsCapped).toBeUndefined();
    // A search by name stops sooner (a common surname is counted by reading lines until enough
    // match), by a word's start and by the whole name alike; a name no line has counts exactly.
    for (const search of ['liel', 'Laura Lielā']) {
      const searched = await request('GET', path(`search=${encodeURIComponent(search)}`), bigUser);
      expect(searched.body['hydra:totalItems']).toBe(ORDER_SEARCH_COUNT_LIMIT);
      expect(searched.body.totalItemsCapped).toBe(true);
      expect(searched.body['hydra:member']).toHaveLength(100);
    }
    const nobody = await request('GET', path('search=ielā'), bigUser);
    expect(nobody.body['hydra:totalItems']).toBe(0);
    expect(nobody.body.totalItemsCapped).toBeUndefined();
  }, 120_000);
});

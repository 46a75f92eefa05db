/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { eq, sql } from 'drizzle-orm';
import { accounts, userAccounts, users } from '../../../src/modules/identity/schema';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { requester } from '../orders/order-fixtures';

let testApp: TestApp;
const request = requester(() => testApp);

const anna = bearer({ sub: 'book-anna', email: 'anna@example.com' });
const other = bearer({ sub: 'book-other', email: 'other@example.com' });
const colleague = bearer({ sub: 'book-colleague', email: 'colleague@example.com' });
let annaAccount: number;
let otherAccount: number;
let companyAccount: number;

const as = (user: Record<string, string>, account: number) => ({ ...user, 'x-account-id': String(account) });

const berzins = {
  name: 'Ēriks Bērziņš',
  companyName: 'Koka Mājas SIA',
  email: 'eriks@example.lv',
  countryCode: 'LV',
  phonePrefix: '371',
  phone: '29123456',
  addressLine: 'Brīvības iela 1',
  city: 'Rīga',
  postCode: 'LV-1010',
};

async function userId(sub: string): Promise<number> {
  const [row] = await testApp.db.orm.select({ id: users.id }).from(users).where(eq(users.subject, sub));
  return row!.id;
}

beforeAll(async () => {
  testApp = await startTestApp({ modules: ['address-book'] });
  annaAccount = (await request('POST', '/api/accounts', anna, { type: 'private' })).body.id;
  otherAccount = (await request('POST', '/api/accounts', other, { type: 'private' })).body.id;
  // A company account shared by Anna and a colleague (as an administrator's approval would link them).
  await request('POST', '/api/my-user', colleague);
  const company = await request('POST', '/api/accounts', colleague, { type: 'private' });
  companyAccount = company.body.id;
  await testApp.db.orm
    .insert(userAccounts)
    .values({ userId: await userId('book-anna'), accountId: companyAccount, role: 'USER' });
}, 60_000);
afterAll(() => testApp?.close());

describe('contacts of the address book', () => {
  it('requires a signed-in user', async () => {
    expect((await request('GET', '/api/contacts')).status).toBe(401);
    expect((await request('GET', '/api/public/contacts')).status).toBe(404);
  });

  it('creates, reads, updates and deletes a contact of the active account', async () => {
    const created = await request('POST', '/api/contacts', as(anna, annaAccount), berzins);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ '@type': 'Contact', name: 'Ēriks Bērziņš', postCode: 'LV-1010', groups: [] });
    const id = created.body.id;
    expect((await request('GET', `/api/contacts/${id}`, as(anna, annaAccount))).body.city).toBe('Rīga');
    const updated = await request('PUT', `/api/contacts/${id}`, as(anna, annaAccount), {
      ...berzins,
      city: 'Jūrmala',
      postCode: 'LV-2015',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.city).toBe('Jūrmala');
    expect((await request('DELETE', `/api/contacts/${id}`, as(anna, annaAccount))).status).toBe(204);
    expect((await request('GET', `/api/contacts/${id}`, as(anna, annaAccount))).status).toBe(404);
  });

  it('never shows or changes a contact to another account, and refuses an account the caller is not in', async () => {
    const { body } = await request('POST', '/api/contacts', as(anna, annaAccount), {
      ...berzins,
      name: 'Private Person',
    });
    const id = body.id;
    expect((await request('GET', `/api/contacts/${id}`, other)).status).toBe(404);
    expect((await request('PUT', `/api/contacts/${id}`, other, berzins)).status).toBe(404);
    expect((await request('DELETE', `/api/contacts/${id}`, other)).status).toBe(404);
    expect((await request('POST', '/api/contacts/bulk_delete', other, { ids: [id] })).body).toEqual({ deleted: 0 });
    expect((await request('GET', '/api/contacts?search=private', other)).body['hydra:totalItems']).toBe(0);
    expect((await request('GET', '/api/contacts', as(other, annaAccount))).status).toBe(403);
    // Anna's private book is not the company's book either.
    expect((await request('GET', `/api/contacts/${id}`, as(anna, companyAccount))).status).toBe(404);
    expect((await request('GET', `/api/contacts/${id}`, as(anna, annaAccount))).status).toBe(200);
    expect(otherAccount).not.toBe(annaAccount);
  });

  it("shares a company's book between its users", async () => {
    const created = await request('POST', '/api/contacts', as(anna, companyAccount), {
      ...berzins,
      name: 'Shared Receiver',
    });
    expect(created.status).toBe(201);
    const seen = await request('GET', '/api/contacts?search=shared', as(colleague, companyAccount));
    expect(seen.body['hydra:member'].map((contact: { name: string }) => contact.name)).toEqual(['Shared Receiver']);
    expect(
      (
        await request('PUT', `/api/contacts/${created.body.id}`, as(colleague, companyAccount), {
          ...berzins,
          name: 'Shared Receiver',
          city: 'Cēsis',
          postCode: 'LV-4101',
        })
      ).status,
    ).toBe(200);
  });

  it.each([
    [{ name: 'R2D2' }, 'name', 'Names may contain only Latin letters, dash, dot and apostrophe.'],
    [{ name: '' }, 'name', 'This value should not be blank.'],
    [{ phone: '12345678' }, 'phone', 'A Latvian phone number has 8 digits and starts with 2 or 6.'],
    [{ phone: '29-123' }, 'phone', 'This value should contain digits only.'],
    [{ phonePrefix: '44', phone: '12345' }, 'phone', "The phone number does not match the prefix's country."],
    [{ phonePrefix: '999', phone: '29123456' }, 'phone', 'This phone prefix does not belong to any country.'],
    [{ postCode: '1010' }, 'postCode', 'A Latvian post code has the form LV-1234.'],
    [{ email: 'eriks@' }, 'email', 'This value is not a valid email address.'],
    [
      { countryCode: 'US', postCode: '62701', phonePrefix: '1', phone: '2025550123' },
      'region',
      'A state is required for the United States.',
    ],
    [{ countryCode: '' }, 'countryCode', 'This value should not be blank.'],
    [{ addressId: '12ab' }, 'addressId', 'An address ID (AIS code) has 9 digits.'],
  ])('refuses %p with a violation of %s', async (change, path, message) => {
    const answer = await request('POST', '/api/contacts', as(anna, annaAccount), {
      ...berzins,
      name: 'Rule Check',
      ...change,
    });
    expect(answer.status).toBe(422);
    expect(answer.body['@type']).toBe('hydra:Error');
    expect(answer.body.violations).toEqual(
      expect.arrayContaining([expect.objectContaining({ propertyPath: path, message })]),
    );
  });

  it('accepts a US contact with a state and a valid address ID', async () => {
    const answer = await request('POST', '/api/contacts', as(anna, annaAccount), {
      name: 'John Smith',
      countryCode: 'us',
      region: 'il',
      phonePrefix: '1',
      phone: '2025550123',
      addressLine: '1 Main St',
      city: 'Springfield',
      postCode: '62701',
      addressId: '101234567',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ countryCode: 'US', region: 'IL' });
  });

  it('reports a duplicate (same name, address and phone) instead of doubling it', async () => {
    const first = await request('POST', '/api/contacts', as(anna, annaAccount), { ...berzins, name: 'Dup Licate' });
    expect(first.status).toBe(201);
    const again = await request('POST', '/api/contacts', as(anna, annaAccount), {
      ...berzins,
      name: '  dup   licate ',
      email: 'another@example.lv',
    });
    expect(again.status).toBe(409);
    expect(again.body.violations[0]).toMatchObject({ code: 'DUPLICATE_CONTACT' });
    expect(again.body['hydra:description']).toBe(
      'A contact with this name, address and phone is already in the address book.',
    );
    expect(
      (await request('GET', '/api/contacts?search=dup%20licate', as(anna, annaAccount))).body['hydra:totalItems'],
    ).toBe(1);
    // The same contact in another account's book is not a duplicate.
    expect((await request('POST', '/api/contacts', other, { ...berzins, name: 'Dup Licate' })).status).toBe(201);
    // Nor is an update of the contact itself.
    expect(
      (
        await request('PUT', `/api/contacts/${first.body.id}`, as(anna, annaAccount), {
          ...berzins,
          name: 'Dup Licate',
        })
      ).status,
    ).toBe(200);
  });

  it('bulk deletes only the listed contacts of the book', async () => {
    const ids: number[] = [];
    for (const name of ['Bulk Aa', 'Bulk Bb', 'Bulk Cc']) {
      ids.push((await request('POST', '/api/contacts', as(anna, annaAccount), { ...berzins, name })).body.id);
    }
    expect(
      (await request('POST', '/api/contacts/bulk_delete', as(anna, annaAccount), { ids: ids.slice(0, 2) })).body,
    ).toEqual({ deleted: 2 });
    expect((await request('GET', '/api/contacts?search=bulk', as(anna, annaAccount))).body['hydra:totalItems']).toBe(1);
    expect((await request('POST', '/api/contacts/bulk_delete', as(anna, annaAccount), { ids: [] })).status).toBe(422);
  });
});

describe('search, filters, paging and sorting', () => {
  const owner = bearer({ sub: 'book-lister', email: 'lister@example.com' });
  beforeAll(async () => {
    await request('POST', '/api/accounts', owner, { type: 'private' });
    const people = [
      { name: 'Līga Ozola', city: 'Valmiera', postCode: 'LV-4201', phone: '29000001' },
      { name: 'Jānis Kalniņš', city: 'Rīga', postCode: 'LV-1050', phone: '29000002', companyName: 'Kalni SIA' },
      { name: 'Anna Liepa', city: 'Cēsis', postCode: 'LV-4101', phone: '29000003', email: 'anna.liepa@example.lv' },
      { name: 'Zane Egle', city: 'Rīga', postCode: 'LV-1011', phone: '29000004' },
      { name: 'Māra Priede', city: 'Liepāja', postCode: 'LV-3401', phone: '29000005' },
      {
        name: 'Otto Bauer',
        countryCode: 'DE',
        city: 'Berlin',
        postCode: '10115',
        phonePrefix: '49',
        phone: '30123456',
      },
    ];
    for (const person of people) {
      const answer = await request('POST', '/api/contacts', owner, {
        countryCode: 'LV',
        phonePrefix: '371',
        addressLine: 'Iela 1',
        ...person,
      });
      expect(answer.status).toBe(201);
    }
  });
  const names = (answer: { body: { 'hydra:member': { name: string }[] } }) =>
    answer.body['hydra:member'].map((contact) => contact.name);

  it('pages five rows by default, sorted by name', async () => {
    const first = await request('GET', '/api/contacts', owner);
    expect(first.body['hydra:totalItems']).toBe(6);
    expect(names(first)).toEqual(['Anna Liepa', 'Jānis Kalniņš', 'Līga Ozola', 'Māra Priede', 'Otto Bauer']);
    expect(first.body['hydra:view']['hydra:next']).toContain('page=2');
    expect(names(await request('GET', '/api/contacts?page=2', owner))).toEqual(['Zane Egle']);
    expect(names(await request('GET', '/api/contacts?order[city]=desc&itemsPerPage=2', owner))).toEqual([
      'Līga Ozola',
      'Jānis Kalniņš',
    ]);
  });

  it('searches name, company, e-mail, phone, city and post code, ignoring diacritics', async () => {
    expect(names(await request('GET', '/api/contacts?search=kalnins', owner))).toEqual(['Jānis Kalniņš']);
    expect(names(await request('GET', '/api/contacts?search=KALNI%20sia', owner))).toEqual(['Jānis Kalniņš']);
    expect(names(await request('GET', '/api/contacts?search=anna.liepa@', owner))).toEqual(['Anna Liepa']);
    expect(names(await request('GET', '/api/contacts?search=29000005', owner))).toEqual(['Māra Priede']);
    expect(names(await request('GET', '/api/contacts?search=riga', owner))).toEqual(['Jānis Kalniņš', 'Zane Egle']);
    expect(names(await request('GET', '/api/contacts?search=lv-4201', owner))).toEqual(['Līga Ozola']);
    expect(names(await request('GET', '/api/contacts?search=%25', owner))).toEqual([]);
    expect(names(await request('GET', '/api/contacts?countryCode=de', owner))).toEqual(['Otto Bauer']);
  });

  it('refuses unknown or malformed parameters with 400', async () => {
    expect((await request('GET', '/api/contacts?itemsPerPage=0', owner)).status).toBe(400);
    expect((await request('GET', '/api/contacts?order[phone]=asc', owner)).status).toBe(400);
    expect((await request('GET', '/api/contacts?countryCode=Latvia', owner)).status).toBe(400);
    expect((await request('GET', '/api/contacts/abc', owner)).status).toBe(400);
  });

  it('keeps contacts in groups, filters by group and counts the contacts of each group', async () => {
    const group = await request('POST', '/api/contact_groups', owner, { name: 'Customers' });
    expect(group.status).toBe(201);
    expect((await request('POST', '/api/contact_groups', owner, { name: 'Customers' })).status).toBe(409);
    const empty = await request('POST', '/api/contact_groups', owner, { name: 'Empty' });
    const rigans = (await request('GET', '/api/contacts?search=riga', owner)).body['hydra:member'];
    for (const contact of rigans) {
      const { '@id': _id, '@type': _type, id, groups: _groups, createdAt: _c, updatedAt: _u, ...fields } = contact;
      const answer = await request('PUT', `/api/contacts/${id}`, owner, {
        ...fields,
        groupIds: [group.body.id, empty.body.id],
      });
      expect(answer.body.groups.map((g: { name: string }) => g.name)).toEqual(['Customers', 'Empty']);
    }
    await request('PUT', `/api/contacts/${rigans[0].id}`, owner, {
      ...rigans[0],
      groups: undefined,
      groupIds: [group.body.id],
    });
    expect(names(await request('GET', `/api/contacts?group=${group.body.id}`, owner))).toEqual([
      'Jānis Kalniņš',
      'Zane Egle',
    ]);
    const groups = await request('GET', '/api/contact_groups', owner);
    expect(
      groups.body['hydra:member'].map((g: { name: string; contactCount: number }) => [g.name, g.contactCount]),
    ).toEqual([
      ['Customers', 2],
      ['Empty', 1],
    ]);
    // Another account cannot see, rename, delete or use the group.
    expect((await request('GET', '/api/contact_groups', other)).body['hydra:totalItems']).toBe(0);
    expect((await request('PUT', `/api/contact_groups/${group.body.id}`, other, { name: 'Mine' })).status).toBe(404);
    expect((await request('DELETE', `/api/contact_groups/${group.body.id}`, other)).status).toBe(404);
    const foreign = await request('POST', '/api/contacts', other, {
      ...berzins,
      name: 'Group Thief',
      groupIds: [group.body.id],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.violations[0].propertyPath).toBe('groupIds');
    // Deleting a group keeps its contacts.
    expect((await request('DELETE', `/api/contact_groups/${empty.body.id}`, owner)).status).toBe(204);
    expect((await request('GET', '/api/contacts', owner)).body['hydra:totalItems']).toBe(6);
  });
});

describe("the book's totals (counters kept by the contacts table's triggers)", () => {
  const keeper = bearer({ sub: 'book-counter', email: 'counter@example.com' });
  let account: number;
  beforeAll(async () => {
    account = (await request('POST', '/api/accounts', keeper, { type: 'private' })).body.id;
  });

  const totals = async () => {
    const total = async (query: string) =>
      (await request('GET', `/api/contacts${query}`, as(keeper, account))).body['hydra:totalItems'] as number;
    return { all: await total(''), lv: await total('?countryCode=LV'), lt: await total('?countryCode=lt') };
  };
  /** The counters equal what counting every row says, for every book. */
  const expectCountersExact = async () => {
    const { rows: kept } = (await testApp.db.orm.execute(
      sql`select account_id, country_code, contacts from address_book_contact_counts order by 1, 2`,
    )) as unknown as { rows: unknown[] };
    const { rows: counted } = (await testApp.db.orm.execute(
      sql`select account_id, country_code, count(*)::int as contacts from address_book_contacts
          group by 1, 2 order by 1, 2`,
    )) as unknown as { rows: unknown[] };
    expect(kept).toEqual(counted);
  };
  const person = (name: string, countryCode: 'LV' | 'LT', phone: string) => ({
    name,
    countryCode,
    phonePrefix: countryCode === 'LV' ? '371' : '370',
    phone,
    addressLine: 'Iela 1',
    city: countryCode === 'LV' ? 'Rīga' : 'Vilnius',
  });

  it('stay exact through creating, moving to another country, deleting, bulk deleting and deleting the account', async () => {
    const ids: number[] = [];
    for (const [name, country, phone] of [
      ['Anna Liepa', 'LV', '29000011'],
      ['Zane Egle', 'LV', '29000012'],
      ['Rūta Kazlauskienė', 'LT', '61234567'],
    ] as const) {
      ids.push((await request('POST', '/api/contacts', as(keeper, account), person(name, country, phone))).body.id);
    }
    expect(await totals()).toEqual({ all: 3, lv: 2, lt: 1 });
    // A search or a group counts its matches; the book's total is the counters'.
    const searched = await request('GET', '/api/contacts?search=liepa&countryCode=LV', as(keeper, account));
    expect(searched.body['hydra:totalItems']).toBe(1);

    const moved = await request(
      'PUT',
      `/api/contacts/${ids[1]}`,
      as(keeper, account),
      person('Zane Egle', 'LT', '61234568'),
    );
    expect(moved.status).toBe(200);
    expect(await totals()).toEqual({ all: 3, lv: 1, lt: 2 });
    await expectCountersExact();

    expect((await request('DELETE', `/api/contacts/${ids[0]}`, as(keeper, account))).status).toBe(204);
    expect(await totals()).toEqual({ all: 2, lv: 0, lt: 2 });
    const bulk = await request('POST', '/api/contacts/bulk_delete', as(keeper, account), { ids: [ids[1], ids[2]] });
    expect(bulk.body).toEqual({ deleted: 2 });
    expect(await totals()).toEqual({ all: 0, lv: 0, lt: 0 });
    await expectCountersExact();

    // An account deleted with its book leaves no counter behind.
    await request('POST', '/api/contacts', as(keeper, account), person('Ilze Ozola', 'LV', '29000013'));
    await testApp.db.orm.delete(accounts).where(eq(accounts.id, account));
    await expectCountersExact();
  });
});

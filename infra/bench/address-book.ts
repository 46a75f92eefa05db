import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type Database, openDatabase } from '@portal/api';
import { duplicateKey, foldForSearch, SPREADSHEET_COLUMNS } from '@portal/shared-contracts/address-book';
import { BULK_COLUMNS, type BulkRow } from '@portal/shared-contracts/orders';
import autocannon from 'autocannon';
import ExcelJS from 'exceljs';
import { loadAverage, startGateway, stopGateway } from './gateway';
import { companyUserToken } from './orders';

/**
 * Address book figures of issue 12, printed by `npm run bench` (`BENCH_ONLY=address-book` alone):
 *   - the contact list with search (GET /api/contacts, as the Contacts tab and the wizard's picker
 *     ask it) with 100,000 contacts in one account: p50 and p99 at 1 connection (target p99 < 20 ms)
 *     and the throughput at 50 connections as a share of GET /api/health's in the same run
 *     (target at least 50 %)
 *   - importing an XLSX of 10,000 contacts (POST /api/contacts/import; target under 10 s)
 *   - checking and pricing a bulk file of 1,000 shipments (POST /api/orders/bulk; target under 5 s)
 *
 * How it is honest (as orders.ts): the contacts are seeded with one INSERT … SELECT generate_series
 * into a database opened with the API's own `openDatabase` (migrations, indexes) after the API's
 * modules seeded their data, then the gateway is started as `npm run serve` starts it and every
 * figure is measured over HTTP against that child process, signed in as the demo company user
 * (simulated Smart-ID). The seeded rows' search and duplicate columns are checked against the
 * shared `foldForSearch` and `duplicateKey`, so the seed stores what the API would.
 * DATABASE_URL seeds and serves a PostgreSQL database of its own instead of a PGlite folder.
 */
const CONTACTS = 100_000;
const IMPORT_ROWS = 10_000;
const DURATION_SECONDS = 10;
const BULK_ROWS = 1_000;
const TARGET = { listP99Ms: 20, throughputShare: 0.5, importSeconds: 10, bulkSeconds: 5 };
const COMPANY_SUBJECT = 'dev-company';

// Names of Latin letters (SPEC §5) varied enough that a search finds a few, not thousands: a first
// name and a surname of three syllables (20 × 16³ ≈ 80,000 combinations).
const FIRST_NAMES = [
  'Anna',
  'Jānis',
  'Pēteris',
  'Līga',
  'Kārlis',
  'Ilze',
  'Mārtiņš',
  'Inese',
  'Andris',
  'Dace',
  'Edgars',
  'Zane',
  'Rūdolfs',
  'Baiba',
  'Gints',
  'Sandra',
  'Oskars',
  'Laura',
  'Valdis',
  'Agnese',
];
const SYLLABLES = [
  'ber',
  'kal',
  'oz',
  'lie',
  'krū',
  'vīt',
  'zar',
  'jan',
  'pēt',
  'sil',
  'med',
  'ābe',
  'gai',
  'dau',
  'rīt',
  'ņa',
];
const COMPANIES = ['SIA Kokle', 'AS Dzintars', 'SIA Baltā Pūce', 'Nordic Trade OÜ', 'UAB Gintaras', 'SIA Māra'];
const STREETS = ['Brīvības iela', 'Lielā iela', 'Rīgas iela', 'Skolas iela', 'Dārza iela', 'Ozolu iela', 'Meža iela'];
const CITIES = ['Rīga', 'Liepāja', 'Cēsis', 'Daugavpils', 'Jelgava', 'Valmiera', 'Ventspils', 'Jūrmala', 'Sigulda'];
/** Country, dialling code, post code of a country: most of the book is Latvian. */
const COUNTRIES = [
  ['LV', '371'],
  ['LV', '371'],
  ['LV', '371'],
  ['LV', '371'],
  ['LV', '371'],
  ['LT', '370'],
  ['EE', '372'],
  ['DE', '49'],
  ['FI', '358'],
  ['US', '1'],
] as const;

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
const sqlArray = (values: readonly string[]) => `array[${values.map(sqlText).join(', ')}]`;
/** Element `index` (SQL, 0-based) of a list, in SQL. */
const element = (values: readonly string[], index: string) => `(${sqlArray(values)})[1 + (${index})]`;
/** A well-mixed 0-based index below `size` for row `g` (salted: two picks of a row are independent). */
const mixed = (size: number, salt: number) => `abs(hashint4(g * 16 + ${salt})) % ${size}`;
const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

type Rows<T> = { rows: T[] };
async function rows<T>(db: Database, query: string): Promise<T[]> {
  return ((await db.orm.execute(query)) as unknown as Rows<T>).rows;
}

/** The demo company's account: the benchmark's book. */
async function companyAccount(db: Database): Promise<number> {
  const [company] = await rows<{ id: number }>(
    db,
    `select ua.account_id as id from user_accounts ua join users u on u.id = ua.user_id
     where u.subject = ${sqlText(COMPANY_SUBJECT)} order by ua.id limit 1`,
  );
  if (!company) throw new Error('the demo company account is missing (identity seed)');
  return company.id;
}

/**
 * 100,000 contacts in the company's book, in one INSERT … SELECT: every text is picked from lists
 * given twice, as shown and folded (`foldForSearch`), so that the SQL builds `search_text` and
 * `duplicate_key` exactly as the API's contact-values.ts does without folding diacritics in SQL.
 */
export async function seedContacts(db: Database, started = performance.now()): Promise<{ accountId: number }> {
  const accountId = await companyAccount(db);
  await rows(db, `delete from address_book_contacts where account_id = ${accountId}`);
  await rows(db, `delete from address_book_groups where account_id = ${accountId}`);

  const pick = (values: readonly string[], salt: number) => {
    const index = mixed(values.length, salt);
    return { shown: element(values, index), folded: element(values.map(foldForSearch), index) };
  };
  const first = pick(FIRST_NAMES, 1);
  // The surname's syllables: the first capitalised.
  const syllable = (position: number, salt: number) => {
    const index = mixed(SYLLABLES.length, salt);
    const shown = position === 0 ? SYLLABLES.map(capitalised) : SYLLABLES;
    return { shown: element(shown, index), folded: element(SYLLABLES.map(foldForSearch), index) };
  };
  const surname = [syllable(0, 2), syllable(1, 3), syllable(2, 4)];
  const company = pick(COMPANIES, 5);
  const street = pick(STREETS, 6);
  const city = pick(CITIES, 7);
  const countryIndex = mixed(COUNTRIES.length, 8);
  const country = element(
    COUNTRIES.map(([code]) => code),
    countryIndex,
  );
  const prefix = element(
    COUNTRIES.map(([, code]) => code),
    countryIndex,
  );

  // Per row: name (shown, folded), company one in three, e-mail one in two, a phone unique in the
  // book (so no two rows share a duplicate key), a street address and a post code of the country.
  await rows(
    db,
    `insert into address_book_contacts (account_id, name, company_name, email, country_code, phone_prefix, phone,
       address_line, city, region, post_code, search_text, duplicate_key)
     select ${accountId}, name, company_name, email, country_code, phone_prefix, phone, address_line, city, region,
       post_code,
       concat_ws(' ', name_folded, lower(company_folded), email, phone, phone_prefix || phone, city_folded, lower(post_code)),
       concat_ws('|', name_folded, lower(country_code), lower(street_folded) || ' ' || house, city_folded,
         lower(post_code), phone_prefix, phone)
     from (
       select *, street || ' ' || house as address_line,
         case when country_code = 'LV' then 'LV-' || (1000 + g % 4000) else lpad((10000 + g % 89999)::text, 5, '0') end
           as post_code,
         case when country_code = 'US' then 'NY' end as region,
         case when g % 3 = 0 then company end as company_name,
         case when g % 3 = 0 then company_any_folded end as company_folded
       from (
         select g,
           ${first.shown} || ' ' || ${surname.map((part) => part.shown).join(' || ')} as name,
           ${first.folded} || ' ' || ${surname.map((part) => part.folded).join(' || ')} as name_folded,
           ${company.shown} as company, ${company.folded} as company_any_folded,
           case when g % 2 = 0 then 'contact' || g || '@example.com' end as email,
           ${country} as country_code, ${prefix} as phone_prefix,
           '2' || lpad(g::text, 7, '0') as phone,
           ${street.shown} as street, ${street.folded} as street_folded, (g % 120 + 1)::text as house,
           ${city.shown} as city, ${city.folded} as city_folded
         from generate_series(1, ${CONTACTS}) g
       ) picked
     ) contact`,
  );
  await rows(db, 'analyze address_book_contacts');

  // The seed must store what the API would: check a few rows against the shared functions.
  const sample = await rows<Record<string, string | null>>(
    db,
    `select name, company_name, email, country_code, phone_prefix, phone, address_line, city, post_code,
       search_text, duplicate_key
     from address_book_contacts where account_id = ${accountId} order by id limit 6`,
  );
  for (const row of sample) {
    const search = foldForSearch(
      [
        row.name,
        row.company_name,
        row.email,
        row.phone,
        `${row.phone_prefix ?? ''}${row.phone ?? ''}`,
        row.city,
        row.post_code,
      ]
        .filter(Boolean)
        .join(' '),
    );
    const key = duplicateKey({
      name: row.name,
      countryCode: row.country_code,
      addressLine: row.address_line,
      city: row.city,
      postCode: row.post_code,
      phonePrefix: row.phone_prefix,
      phone: row.phone,
    });
    if (row.search_text !== search || row.duplicate_key !== key) {
      throw new Error(`seeded contact ${JSON.stringify(row)} differs from the API's ${search} / ${key}`);
    }
  }
  const [counted] = await rows<{ total: number }>(
    db,
    `select count(*)::int as total from address_book_contacts where account_id = ${accountId}`,
  );
  console.log(
    `  seeded: ${(counted?.total ?? 0).toLocaleString('en')} contacts in the company's book` +
      ` (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return { accountId };
}

async function seed(target: { dataDir: string } | { url: string }): Promise<void> {
  const started = performance.now();
  const db = await openDatabase(target);
  try {
    // The modules seed countries, workflows and the demo users while the app is built.
    const app = await buildApp({ db, logger: false });
    await app.close();
    const { accountId } = await seedContacts(db, started);
    if (process.env.BENCH_EXPLAIN === '1') await explainQueries(db, accountId);
  } finally {
    await db.close();
  }
}

/**
 * BENCH_EXPLAIN=1: EXPLAIN ANALYZE of each list query's statements (the page and its count), written
 * as the address book's service.ts writes them, on the seeded database: where the time goes.
 */
async function explainQueries(db: Database, accountId: number): Promise<void> {
  console.log('  query plans (EXPLAIN ANALYZE, second run; a search: page and count in one; else page | count):');
  for (const { name, query } of listQueries()) {
    const where = [`account_id = ${accountId}`];
    for (const word of foldForSearch(query.search ?? '')
      .split(/\s+/)
      .filter(Boolean)) {
      where.push(`search_text like ${sqlText(`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)} escape '\\'`);
    }
    if (query.countryCode) where.push(`country_code = ${sqlText(query.countryCode)}`);
    const [field, direction] = Object.entries(query).find(([key]) => key.startsWith('order[')) ?? [
      'order[name]',
      'asc',
    ];
    const column = { 'order[name]': 'lower(name)', 'order[city]': 'lower(city)' }[field] ?? 'lower(name)';
    const offset = (Number(query.page ?? 1) - 1) * 5;
    // A search sorts by an expression no index gives (service.ts orderOf, matchesFirst).
    const order = `order by ${query.search ? `(${column} || '')` : column} ${direction}, id limit 5 offset ${offset}`;
    // A search counts its matches in the page's own statement; the book and a country read the
    // triggers' counters beside the page.
    const statements = query.search
      ? [`select *, count(*) over () from address_book_contacts where ${where.join(' and ')} ${order}`]
      : [
          `select * from address_book_contacts where ${where.join(' and ')} ${order}`,
          `select sum(contacts) from address_book_contact_counts where account_id = ${accountId}${
            query.countryCode ? ` and country_code = ${sqlText(query.countryCode)}` : ''
          }`,
        ];
    const summaries: string[] = [];
    for (const statement of statements) {
      await rows(db, `explain analyze ${statement}`);
      const plan = (await rows<Record<string, string>>(db, `explain analyze ${statement}`)).map(
        (row) => Object.values(row)[0] as string,
      );
      const time = plan.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
      const scans = plan
        .map((line) =>
          /(Seq Scan|Index Only Scan|Index Scan|Bitmap Heap Scan|Bitmap Index Scan)(?: using (\w+))?/.exec(line),
        )
        .filter((match) => match !== null)
        .map((match) => (match[2] ? `${match[1]} ${match[2]}` : match[1]));
      summaries.push(`${time} (${scans.join(', ')})`);
    }
    console.log(`    ${name}: ${summaries.join(' | ')}`);
  }
}

// ---- the measured calls ------------------------------------------------------------------------

interface Session {
  headers: Record<string, string>;
}

async function signIn(base: string): Promise<Session> {
  const token = await companyUserToken(base);
  // Provisions the user as the shell does after sign-in (POST: a GET never creates one).
  const me = (await (
    await fetch(`${base}/api/my-user`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    userAccounts: { account: { id: number; type: string } }[];
  };
  const company = me.userAccounts.find((link) => link.account.type === 'company');
  if (!company) throw new Error('the demo company user has no company account');
  return { headers: { authorization: `Bearer ${token}`, 'x-account-id': String(company.account.id) } };
}

/** What users type: a name, part of one without diacritics, a city, a phone, an e-mail, two words. */
function listQueries(): { name: string; query: Record<string, string> }[] {
  return [
    { name: 'first page', query: {} },
    { name: 'page 40', query: { page: '40' } },
    { name: 'search first name', query: { search: 'anna' } },
    { name: 'search surname part', query: { search: 'berkal' } },
    { name: 'search two words', query: { search: 'janis oz' } },
    { name: 'search city', query: { search: 'cesis' } },
    { name: 'search phone', query: { search: '20012345' } },
    { name: 'search e-mail', query: { search: 'contact4242@' } },
    { name: 'country', query: { countryCode: 'DE' } },
    { name: 'search + country, by city', query: { search: 'ilze', countryCode: 'LV', 'order[city]': 'desc' } },
  ];
}

const pathOf = (query: Record<string, string>) =>
  `/api/contacts${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  firstError?: string;
}

/** `duration` seconds, or `{ amount }` requests (a slow query still gets measured). */
async function measureList(
  base: string,
  session: Session,
  paths: string[],
  connections: number,
  length: number | { amount: number },
) {
  let n = 0;
  let firstError: string | undefined;
  const result = await autocannon({
    url: base,
    connections,
    ...(typeof length === 'number' ? { duration: length } : length),
    requests: [
      {
        method: 'GET',
        headers: session.headers,
        setupRequest: (request) => ({ ...request, path: paths[n++ % paths.length] }),
        onResponse: (status, body) => {
          if (status !== 200) firstError ??= `${status} ${body.slice(0, 300)}`;
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    firstError,
  } satisfies Figures;
}

const describe = (figures: Figures) =>
  `${figures.rps.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.requests} requests,` +
  ` errors ${figures.errors}${figures.firstError ? ` (first: ${figures.firstError})` : ''}`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** Every query once by hand: a wrong filter fails here, loudly, and each answers a page of 5. */
async function check(base: string, session: Session, queries: { name: string; query: Record<string, string> }[]) {
  const found: string[] = [];
  for (const { name, query } of queries) {
    const answer = await fetch(`${base}${pathOf(query)}`, { headers: session.headers });
    const body = (await answer.json()) as { 'hydra:totalItems'?: number };
    if (answer.status !== 200 || !body['hydra:totalItems']) {
      throw new Error(`${pathOf(query)} answered ${answer.status} with ${body['hydra:totalItems']} contacts`);
    }
    found.push(`${name} ${body['hydra:totalItems'].toLocaleString('en')}`);
  }
  console.log(`  contacts found per query: ${found.join('; ')}`);
}

async function measureContacts(base: string, session: Session): Promise<void> {
  const queries = listQueries();
  const paths = queries.map((item) => pathOf(item.query));
  await check(base, session, queries);
  // Warm-up: JIT, PGlite's caches.
  await measureList(base, session, paths, 10, 2);
  console.log(`  contact list: GET /api/contacts cycling ${queries.length} queries, 5 rows a page (SPEC §9)`);

  const single = await measureList(base, session, paths, 1, DURATION_SECONDS);
  console.log(
    `  @1 connection contact list: ${describe(single)}; target p99 < ${TARGET.listP99Ms} ms:` +
      ` ${verdict(single.p99 < TARGET.listP99Ms)} (${loadAverage()})`,
  );
  const health = await autocannon({ url: `${base}/api/health`, connections: 50, duration: 5 });
  const many = await measureList(base, session, paths, 50, DURATION_SECONDS);
  const share = many.rps / health.requests.average;
  console.log(
    `  @50 connections reference GET /api/health: ${health.requests.average.toFixed(0)} req/s,` +
      ` p99 ${health.latency.p99} ms`,
  );
  console.log(
    `  @50 connections contact list: ${describe(many)}; ${(share * 100).toFixed(0)} % of the health check's` +
      ` throughput, target at least ${TARGET.throughputShare * 100} %: ${verdict(share >= TARGET.throughputShare)}` +
      ` (${loadAverage()})`,
  );
  // Which query costs what: each alone, one connection, 20 requests.
  const each: string[] = [];
  for (const [index, item] of queries.entries()) {
    const figures = await measureList(base, session, [paths[index] ?? ''], 1, { amount: 20 });
    each.push(`${item.name} ${figures.p50}/${figures.p99}${figures.errors ? ` (${figures.errors} errors)` : ''}`);
  }
  console.log(`  contact list per query @1 connection, 20 requests each, p50/p99 ms: ${each.join('; ')}`);
}

/** An XLSX of `count` correct contacts (English headings), none already in the seeded book. */
async function importFile(count: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contacts');
  sheet.addRow(SPREADSHEET_COLUMNS.map((column) => column.en));
  const letters = (n: number) =>
    Array.from({ length: 4 }, (_, place) => String.fromCharCode(97 + (Math.floor(n / 26 ** place) % 26))).join('');
  for (let index = 0; index < count; index++) {
    sheet.addRow([
      `${FIRST_NAMES[index % FIRST_NAMES.length]} ${capitalised(letters(index))}s`,
      index % 4 === 0 ? (COMPANIES[index % COMPANIES.length] ?? '') : '',
      index % 2 === 0 ? `import${index}@example.com` : '',
      'LV',
      '371',
      // 6xxxxxxx: not one of the seeded 2xxxxxxx numbers.
      `6${String(index).padStart(7, '0')}`,
      `${STREETS[index % STREETS.length]} ${1 + (index % 90)}`,
      CITIES[index % CITIES.length] ?? '',
      '',
      `LV-${1000 + (index % 4000)}`,
      '',
      index % 10 === 0 ? 'Imported' : '',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function measureImport(base: string, session: Session): Promise<void> {
  const file = await importFile(IMPORT_ROWS);
  const started = performance.now();
  const answer = await fetch(`${base}/api/contacts/import?mode=all`, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(file),
  });
  const seconds = (performance.now() - started) / 1000;
  const report = (await answer.json()) as { totalRows?: number; imported?: number; incorrectRows?: number };
  if (answer.status !== 200 || report.imported !== IMPORT_ROWS) {
    throw new Error(`the import answered ${answer.status} ${JSON.stringify(report).slice(0, 500)}`);
  }
  console.log(
    `  import: an XLSX of ${IMPORT_ROWS.toLocaleString('en')} contacts (${(file.length / 1024).toFixed(0)} KB) into the` +
      ` book of ${CONTACTS.toLocaleString('en')}, all or nothing: ${seconds.toFixed(1)} s,` +
      ` ${report.imported.toLocaleString('en')} imported, ${report.incorrectRows} incorrect;` +
      ` target < ${TARGET.importSeconds} s: ${verdict(seconds < TARGET.importSeconds)} (${loadAverage()})`,
  );
}

/** A shipments file of `count` correct domestic parcels of product `product` (English headings). */
async function bulkFile(product: string, count: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Shipments');
  sheet.addRow(BULK_COLUMNS.map((column) => column.en));
  const blank = Object.fromEntries(BULK_COLUMNS.map(({ field }) => [field, ''])) as BulkRow;
  for (let index = 0; index < count; index++) {
    const row: BulkRow = {
      ...blank,
      product,
      weight: String(100 + (index % 50) * 100),
      receiverName: `${FIRST_NAMES[index % FIRST_NAMES.length]} ${STREETS[index % STREETS.length]?.split(' ')[0] ?? 'Ozols'}`,
      receiverPhonePrefix: '371',
      receiverPhone: `6${String(index).padStart(7, '0')}`,
      countryCode: 'LV',
      addressLine: `${STREETS[index % STREETS.length]} ${1 + (index % 90)}`,
      city: CITIES[index % CITIES.length] ?? 'Rīga',
      postCode: `LV-${1000 + (index % 4000)}`,
      senderName: 'Anna Bērziņa',
      senderPhonePrefix: '371',
      senderPhone: '21234567',
      senderCountryCode: 'LV',
      senderAddressLine: 'Brīvības iela 1',
      senderCity: 'Rīga',
      senderPostCode: 'LV-1010',
    };
    sheet.addRow(BULK_COLUMNS.map(({ field }) => row[field]));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function measureBulk(base: string, session: Session): Promise<void> {
  const products = await fetch(
    `${base}/api/public/work_flows?zone=LV&shipmentType=parcel&transferType=postOffice&receivingType=postOffice`,
  );
  const first = ((await products.json()) as { 'hydra:member': { '@id': string }[] })['hydra:member'][0];
  const product = first?.['@id'].split('/').pop() ?? '';
  const file = await bulkFile(product, BULK_ROWS);
  const started = performance.now();
  const answer = await fetch(`${base}/api/orders/bulk`, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(file),
  });
  const seconds = (performance.now() - started) / 1000;
  const report = (await answer.json()) as { totalRows?: number; incorrectRows?: number; totalCents?: number };
  if (answer.status !== 200 || report.totalRows !== BULK_ROWS) {
    throw new Error(`the bulk check answered ${answer.status} ${JSON.stringify(report).slice(0, 500)}`);
  }
  console.log(
    `  bulk shipments: a file of ${BULK_ROWS.toLocaleString('en')} rows checked and priced: ${seconds.toFixed(1)} s,` +
      ` ${report.incorrectRows} incorrect; target < ${TARGET.bulkSeconds} s:` +
      ` ${verdict(seconds < TARGET.bulkSeconds)} (${loadAverage()})`,
  );
}

/**
 * The bulk figure alone (`BENCH_ONLY=bulk`): it needs no seeded contacts, so it runs on a fresh
 * in-memory database in a minute.
 */
export async function benchBulk(port: number): Promise<void> {
  console.log('\nbulk shipments (issue 12)');
  const gateway = await startGateway(port);
  try {
    const base = `http://127.0.0.1:${port}`;
    await measureBulk(base, await signIn(base));
  } finally {
    await stopGateway(gateway);
  }
}

export async function benchAddressBook(port: number): Promise<void> {
  console.log('\naddress book (issue 12)');
  const base = `http://127.0.0.1:${port}`;
  const url = process.env.DATABASE_URL;
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-address-book-'));
  console.log(`  database: ${url ? 'PostgreSQL (DATABASE_URL)' : 'PGlite, file-backed folder'}`);
  try {
    await seed(url ? { url } : { dataDir });
    const gateway = await startGateway(port, dataDir);
    try {
      const session = await signIn(base);
      await measureContacts(base, session);
      await measureImport(base, session);
      await measureBulk(base, session);
    } finally {
      await stopGateway(gateway);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

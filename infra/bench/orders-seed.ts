import type { Database } from '@portal/api';
import { makeS10 } from '@portal/shared-contracts/s10';
import { copyLine, copyRows } from './copy-rows';

/**
 * The orders bench's data (orders.ts measures on it; bench-seeds.test.ts runs it small in
 * `npm test`): orders and lines COPYed over 40 accounts, one of them the demo company's, and the
 * my-orders queries the bench asks.
 */
/** Orders seeded when BENCH_SIZE does not say. */
export const DEFAULT_ORDERS = 100_000;
/**
 * Every 20th order belongs to the benchmarked company account: 5,000 orders, ~5,500 lines
 * (BENCH_ORDERS_COMPANY_EVERY=1: every order, issue 41's company with 1,000,000 lines).
 */
export const BENCH_SHARE = 20;
export const OTHER_ACCOUNTS = 39;
/** One order in ten has a second line. */
export const TWO_LINE_EVERY = 10;
/**
 * The orders span the same 347 days at every size (100,000 are 5 minutes apart, as before issue
 * 41; 1,000,000 half a minute), so that the date filters select a like share at every size.
 */
const SPAN_MS = 500_000 * 60_000;
/** The newest paid orders' lines are still on their way; older ones delivered (at most a tenth of a small seed). */
const IN_TRANSIT_ORDERS = 2000;
export const SERIAL_OFFSET = 70_000_000;
export const SERVICE_INDICATOR = 'CE';
export const KEY_PREFIX = 'bench-order-';
export const ACCOUNT_EMAIL = (index: string) => `'bench-account-' || ${index} || '@example.com'`;
export const COMPANY_PERSONAL_CODE = '020285-10002';
export const CREATE_WORKFLOW = 'parcel-lv-post-office-registered';

export const FIRST_NAMES = [
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
  'John',
];
export const LAST_NAMES = [
  'Bērziņš',
  'Kalniņa',
  'Ozols',
  'Liepa',
  'Krūmiņš',
  'Smith',
  'Jansone',
  'Vītols',
  'Zariņa',
  'Nowak',
];
const COUNTRIES = ['LV', 'LV', 'LV', 'LV', 'LT', 'EE', 'DE', 'FI', 'SE', 'PL', 'GB', 'US'];
/** Statuses of paid lines, by age: most old shipments are delivered. */
const PAID_LINE_STATUSES = ['paid', 'transferred', 'processed', 'sent', 'sentAbroad', 'releasedForDelivery'];

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
type Rows<T> = { rows: T[] };
export async function rows<T>(db: Database, query: string): Promise<T[]> {
  return ((await db.orm.execute(query)) as unknown as Rows<T>).rows;
}

/**
 * Every how many orders one is the benchmarked company's: BENCH_ORDERS_COMPANY_EVERY (default
 * BENCH_SHARE, 20). 1 gives the company every order: issue 41's company with 1,000,000 lines.
 */
function companyEvery(): number {
  const every = Number(process.env.BENCH_ORDERS_COMPANY_EVERY ?? BENCH_SHARE);
  if (!Number.isInteger(every) || every < 1) throw new Error('BENCH_ORDERS_COMPANY_EVERY must be a whole number ≥ 1');
  return every;
}

/** A well-mixed unsigned number for row `n` and `salt` (a murmur3 finaliser), for the seed's picks. */
function mixed(n: number, salt: number): number {
  let x = (n * 16 + salt) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}
const pickOf = <T>(values: readonly T[], n: number, salt: number): T => values[mixed(n, salt) % values.length] as T;

const ORDER_STATUSES = [...Array(6).fill('paid'), ...Array(3).fill('unfinished'), 'cancelled'] as string[];
const ORDER_COLUMNS = [
  'id',
  'key',
  'account_id',
  'status',
  'step',
  'terms_accepted',
  'privacy_accepted',
  'e_notification',
  'paid_at',
  'created_at',
  'updated_at',
];
const LINE_COLUMNS = [
  'order_id',
  'position',
  'account_id',
  'work_flow_id',
  'status',
  'attributes',
  'services',
  'sender',
  'receiver',
  'content',
  'approvals',
  'country_code',
  'receiver_name',
  'barcode',
  'price_cents',
  'status_date',
  'created_at',
  'updated_at',
];
const MINUTE_MS = 60_000;
const SENDER = {
  name: 'SIA Demo Company',
  phonePrefix: '371',
  phone: '21234567',
  address: { countryCode: 'LV', addressLine: 'Brīvības iela 1', city: 'Rīga', postCode: 'LV-1010' },
};

/** Order g's account (the company's every `every`th, else one of the others), status and creation time. */
function orderOf(g: number, orders: number, now: number, company: number, others: readonly number[], every: number) {
  return {
    account: g % every === 0 ? company : (others[g % others.length] as number),
    status: pickOf(ORDER_STATUSES, g, 1),
    createdAt: new Date(now - Math.round((g * SPAN_MS) / orders)),
  };
}

/** The orders as COPY lines: 60 % paid, 30 % unfinished, 10 % cancelled, evenly over SPAN_MS. */
function* seededOrders(
  orders: number,
  firstId: number,
  now: number,
  company: number,
  others: readonly number[],
  every: number,
): Generator<string> {
  for (let g = 1; g <= orders; g++) {
    const { account, status, createdAt } = orderOf(g, orders, now, company, others, every);
    const paidAt = status === 'paid' ? new Date(createdAt.getTime() + 10 * MINUTE_MS) : null;
    const key = `${KEY_PREFIX}${String(g).padStart(8, '0')}`;
    yield copyLine([firstId + g - 1, key, account, status, 3, true, true, 'agree', paidAt, createdAt, createdAt]);
  }
}

/**
 * The lines as COPY lines: one a order, a second on one order in ten. They repeat the order's
 * account and creation time (the list filters on them); paid lines carry an S10 number and a
 * status along the journey, older ones delivered.
 */
function* seededLines(
  orders: number,
  firstId: number,
  now: number,
  company: number,
  others: readonly number[],
  workflowIds: readonly number[],
  every: number,
): Generator<string> {
  for (let g = 1; g <= orders; g++) {
    const { account, status, createdAt } = orderOf(g, orders, now, company, others, every);
    const positions = mixed(g, 7) % TWO_LINE_EVERY === 0 ? [0, 1] : [0];
    for (const position of positions) {
      const n = g * 2 + position;
      const name = `${pickOf(FIRST_NAMES, n, 2)} ${pickOf(LAST_NAMES, n, 3)}`;
      const country = pickOf(COUNTRIES, n, 4);
      const paid = status === 'paid';
      const lineStatus = !paid
        ? 'unfinished'
        : g > Math.min(IN_TRANSIT_ORDERS, orders / 10)
          ? 'delivered'
          : pickOf(PAID_LINE_STATUSES, n, 5);
      const receiver = {
        name,
        phonePrefix: '371',
        phone: `2${String(g % 10_000_000).padStart(7, '0')}`,
        address: {
          countryCode: country,
          addressLine: `Iela ${(g % 200) + 1}`,
          city: 'Pilsēta',
          postCode: String((g % 9000) + 1000).padStart(4, '0'),
        },
      };
      yield copyLine([
        firstId + g - 1,
        position,
        account,
        pickOf(workflowIds, n, 6),
        lineStatus,
        { weight: 100 + ((g * 37) % 9900), countryCode: country, additionalServices: [] },
        {},
        SENDER,
        receiver,
        [],
        '{}',
        country,
        name,
        paid ? makeS10(SERVICE_INDICATOR, SERIAL_OFFSET + n) : null,
        300 + ((g * 13) % 2200),
        new Date(createdAt.getTime() + 60 * MINUTE_MS),
        createdAt,
        createdAt,
      ]);
    }
  }
}

export interface Seeded {
  /** The workflow of the benchmark's new orders (a domestic parcel with a tariff). */
  createWorkflowId: number;
  orders: number;
  lines: number;
  benchOrders: number;
  benchLines: number;
}

/** The seed itself, on an open database with the API's seed data (also for query plans by hand). */
export async function seedOrders(
  db: Database,
  started = performance.now(),
  orders = DEFAULT_ORDERS,
  every = companyEvery(),
): Promise<Seeded> {
  const [company] = await rows<{ id: number }>(
    db,
    `select ua.account_id as id from user_accounts ua join users u on u.id = ua.user_id
     where u.subject = 'dev-company' order by ua.id limit 1`,
  );
  if (!company) throw new Error('the demo company account is missing (identity seed)');
  const workflowIds = (await rows<{ id: number }>(db, 'select id from work_flows order by id')).map((row) => row.id);
  if (workflowIds.length === 0) throw new Error('no workflows seeded');

  // A PostgreSQL bench database is reused between runs: the previous run's rows go first
  // (orders the benchmark created in the company account too).
  await rows(db, `delete from orders where key like '${KEY_PREFIX}%' or account_id = ${company.id}`);
  await rows(db, `delete from accounts where email like 'bench-account-%'`);
  await rows(
    db,
    `
    insert into accounts (type, email, contact)
    select 'private', ${ACCOUNT_EMAIL('g')}, '{}'::jsonb from generate_series(1, ${OTHER_ACCOUNTS}) g`,
  );
  const others = (
    await rows<{ id: number }>(db, `select id from accounts where email like 'bench-account-%' order by id`)
  ).map((row) => row.id);

  // Orders and lines go in with COPY (copy-rows.ts, issue 41), with ids of their own after the
  // highest there is, so that each line names its order without a lookup; the sequences follow.
  const [highest] = await rows<{ id: number }>(db, 'select coalesce(max(id), 0)::int as id from orders');
  const firstId = (highest?.id ?? 0) + 1;
  const now = Date.now();
  await copyRows(db, 'orders', ORDER_COLUMNS, seededOrders(orders, firstId, now, company.id, others, every));
  await copyRows(
    db,
    'order_lines',
    LINE_COLUMNS,
    seededLines(orders, firstId, now, company.id, others, workflowIds, every),
  );
  for (const table of ['orders', 'order_lines']) {
    await rows(
      db,
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 1) from ${table}))`,
    );
  }
  // No VACUUM by default: on PGlite the gateway's own pass (api/src/db/pglite-vacuum.ts) vacuums
  // the new rows as it opens the folder, as a served portal does; on PostgreSQL the seed is
  // measured before autovacuum reaches it unless BENCH_ORDERS_VACUUM=1, which shows the figures
  // as the server's autovacuum leaves the tables.
  await rows(db, process.env.BENCH_ORDERS_VACUUM === '1' ? 'vacuum analyze' : 'analyze');

  const [counted] = await rows<{ orders: number; lines: number; bench_orders: number; bench_lines: number }>(
    db,
    `select (select count(*)::int from orders) as orders, (select count(*)::int from order_lines) as lines,
       (select count(*)::int from orders where account_id = ${company.id}) as bench_orders,
       (select count(*)::int from order_lines where account_id = ${company.id}) as bench_lines`,
  );
  const [first] = await rows<{ barcode: string }>(
    db,
    `select barcode from order_lines where barcode like '${SERVICE_INDICATOR}%' order by barcode limit 1`,
  );
  // The SQL check digit must agree with the portal's own S10 code, or a search by number finds nothing.
  const firstSerial = Number(first?.barcode.slice(2, 10));
  if (first?.barcode !== makeS10(SERVICE_INDICATOR, firstSerial)) {
    throw new Error(`seeded number ${first?.barcode} is not ${makeS10(SERVICE_INDICATOR, firstSerial)}`);
  }
  const [createWorkflow] = await rows<{ id: number }>(
    db,
    `select id from work_flows where seed_key = ${sqlText(CREATE_WORKFLOW)}`,
  );
  if (!createWorkflow) throw new Error(`no workflow ${CREATE_WORKFLOW}`);
  const seeded = {
    createWorkflowId: createWorkflow.id,
    orders: counted?.orders ?? 0,
    lines: counted?.lines ?? 0,
    benchOrders: counted?.bench_orders ?? 0,
    benchLines: counted?.bench_lines ?? 0,
  };
  console.log(
    `  seeded: ${seeded.orders.toLocaleString('en')} orders, ${seeded.lines.toLocaleString('en')} lines in the database` +
      ` over ${OTHER_ACCOUNTS + 1} accounts; the benchmarked company account ${seeded.benchOrders.toLocaleString('en')}` +
      ` orders, ${seeded.benchLines.toLocaleString('en')} lines (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return seeded;
}

/** The my-orders queries a user makes: filters of SPEC §2 alone and combined, and later pages. */
export function listQueries(barcode: string): { name: string; query: Record<string, string> }[] {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return [
    { name: 'first page', query: {} },
    { name: 'page 20', query: { page: '20' } },
    { name: 'status', query: { status: 'delivered' } },
    { name: 'country', query: { country: 'LT' } },
    { name: 'order status', query: { orderStatus: 'unfinished' } },
    { name: 'dates', query: { dateFrom: day(60), dateTill: day(31) } },
    { name: 'search name', query: { search: 'ozo' } },
    // A whole surname a tenth of the lines carry, and a first name with it: the planner must know
    // them for common (before the search's statistics it guessed 5 lines and read the whole table).
    { name: 'search surname', query: { search: 'Kalniņa' } },
    { name: 'search full name', query: { search: 'Anna Kalniņa' } },
    { name: 'search number', query: { search: barcode } },
    {
      name: 'country+status+dates',
      query: { country: 'LV', status: 'delivered', dateFrom: day(200), dateTill: day(20) },
    },
    { name: 'oldest first, 20 rows', query: { '_order[createdAt]': 'ASC', rowsPerPage: '20', page: '3' } },
  ];
}

export const pathOf = (query: Record<string, string>) =>
  `/api/orders${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;

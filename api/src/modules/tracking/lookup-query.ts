import { sql } from 'drizzle-orm';
import type { Database, Orm } from '../../db';

/** One scan of the timeline as the lookup reads it: [id, code, status, occurredAt, place name, place country, note]. */
export type TimelineRow = [number, string, string, string, string, string, string | null];

/** The lookup's one row. Timestamps come as the driver gives them (text or Date): `new Date()` takes both. */
export interface LookupRow {
  status: string;
  statusDate: string | Date;
  transferredAt: string | Date | null;
  countryCode: string | null;
  shipmentType: string | null;
  deliveryDays: number | null;
  placeName: string | null;
  placeAddress: string | null;
  placeCountryCode: string | null;
  /** The S10 number of the shipment's prepaid return (issue 40), once its label is made. */
  returnBarcode: string | null;
  /** When the number asked for is a prepaid return's: the number of the shipment it returns. */
  returnOf: string | null;
  /** Newest first; violations left out. */
  events: TimelineRow[];
}

/**
 * The whole lookup in one statement: the line, its product, the place the receiver collects from
 * and the timeline as one json value (through the index on shipment_number, occurred_at, id, read
 * backwards). PGlite runs one statement at a time, so under load every extra round trip of a lookup
 * waits behind everybody else's; and one json value is parsed once (JSON.parse) instead of field
 * by field and row by row by the driver. `$1` is the number asked for.
 *
 * The number is a shipment's (`barcode`) or a prepaid return's (`return_barcode`, issue 40): both
 * columns have a unique index, and the `union all … limit 1` reads the second only when the first
 * found nothing, so a shipment's lookup costs what it did. A return answers with its own status
 * (`return_status`), its own scans (`tracking_events` of its number) and the shipment it returns
 * (`returnOf`); nothing else of the shop's shipment (its receiver's place, its own return) shows.
 * It goes back to the shop within Latvia (returns are domestic only), so its destination is LV.
 */
const LOOKUP_SQL = `
  select case when l.is_return then coalesce(l.return_status, 'paid') else l.status end as status,
    case when l.is_return then coalesce(l.return_status_date, l.status_date) else l.status_date end as "statusDate",
    case when l.is_return then null else l.transferred_at end as "transferredAt",
    case when l.is_return then 'LV' else l.country_code end as "countryCode",
    w.shipment_type as "shipmentType", w.delivery_days as "deliveryDays",
    p.name as "placeName", p.address as "placeAddress", p.country_code as "placeCountryCode",
    case when l.is_return then null else l.return_barcode end as "returnBarcode",
    case when l.is_return then l.barcode end as "returnOf",
    (select coalesce(json_agg(json_build_array(e.id, e.code, e.status, e.occurred_at, e.location->>'name',
        e.location->>'countryCode', e.note) order by e.occurred_at desc, e.id desc), '[]'::json)
      from tracking_events e
      where e.shipment_number = $1 and e.violation is null) as events
  from (
    (select o.*, false as is_return from order_lines o where o.barcode = $1)
    union all
    (select o.*, true as is_return from order_lines o where o.return_barcode = $1)
    limit 1
  ) l
  left join work_flows w on w.id = l.work_flow_id
  left join service_locations p on not l.is_return and p.id = l.receiver->'address'->>'serviceLocationId'`;

/** The statement's text around its `$1`s, for the two ways that write the number in. */
const LOOKUP_PARTS = LOOKUP_SQL.split('$1');

/** A checked S10 number: the only text ever written into an EXECUTE (letters and digits). */
const S10_SHAPE = /^[A-Z]{2}[0-9]{9}[A-Z]{2}$/;

let statements = 0;

const rowsOf = (result: unknown) => (result as { rows: LookupRow[] }).rows;

/** What the lookup needs of PGlite's own client: the simple query protocol. */
interface SimpleQueryClient {
  exec(query: string): Promise<{ rows: unknown[] }[]>;
}

/** PGlite's client behind the Drizzle instance (Drizzle keeps it as `$client`), when there is one. */
function simpleQueryClient(orm: Orm): SimpleQueryClient | undefined {
  const client = (orm as { $client?: Partial<SimpleQueryClient> }).$client;
  return typeof client?.exec === 'function' ? (client as SimpleQueryClient) : undefined;
}

/** node-postgres' pool behind the Drizzle instance: it prepares a named statement once per connection. */
interface NamedStatementPool {
  query(query: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

function namedStatementPool(orm: Orm): NamedStatementPool | undefined {
  const client = (orm as { $client?: Partial<NamedStatementPool> & { exec?: unknown } }).$client;
  return typeof client?.query === 'function' && client.exec === undefined ? (client as NamedStatementPool) : undefined;
}

/**
 * On PostgreSQL the lookup is a named statement (issue 41): tracking_events has a partition per
 * month, and planning the lookup over some thirty of them cost about 0.7 ms each time (measured:
 * p50 0.55 ms unnamed, 0.09 ms named, 0.05 ms on an unpartitioned copy; 500,000 events, 29
 * partitions, load 3.0). A named statement is planned once per connection and then reuses its plan.
 */
const LOOKUP_NAME = 'tracking_lookup';

/** Looks one shipment up: its row, or undefined when no line has this number. */
export type LookupStatement = (number: string) => Promise<LookupRow | undefined>;

/**
 * The lookup statement for this database. On PostgreSQL it is a named statement (above).
 * On PGlite it is prepared once in PGlite's one session (PREPARE) and run with EXECUTE through
 * PGlite's simple query protocol, measured in process on the bench's million events:
 *   - Drizzle sends every query as parse-bind-execute with no statement cache, and planning this
 *     one (three joins and the timeline) cost more than running it;
 *   - Drizzle passes its own type parsers with every query, and PGlite then copies its table of
 *     300-odd parsers for that query: about 0.3 ms each time.
 * Parameterised through Drizzle a lookup cost about 1.1 ms of CPU, prepared and executed so
 * about 0.2 ms. EXECUTE takes no bind parameters, so the number is written in as a literal, and
 * only once it has the S10 shape (two letters, nine digits, two letters).
 */
export function lookupStatement(orm: Orm, driver: Database['driver']): LookupStatement {
  const parameterised: LookupStatement = async (number) =>
    rowsOf(
      await orm.execute(
        sql.join(
          LOOKUP_PARTS.map((part) => sql.raw(part)),
          sql`${number}`,
        ),
      ),
    )[0];
  const pool = driver === 'postgres' ? namedStatementPool(orm) : undefined;
  if (pool)
    return async (number) => rowsOf(await pool.query({ name: LOOKUP_NAME, text: LOOKUP_SQL, values: [number] }))[0];
  const client = driver === 'pglite' ? simpleQueryClient(orm) : undefined;
  if (!client) return parameterised;

  const name = `tracking_lookup_${++statements}`;
  let prepared: Promise<unknown> | undefined;
  const prepare = () => {
    prepared ??= client.exec(`prepare ${name} (text) as ${LOOKUP_SQL}`).catch((error: unknown) => {
      prepared = undefined;
      throw error;
    });
    return prepared;
  };
  const execute = async (number: string) => {
    await prepare();
    const results = await client.exec(`execute ${name}('${number}')`);
    return rowsOf(results.at(-1) ?? { rows: [] })[0];
  };
  return async (number) => {
    if (!S10_SHAPE.test(number)) return parameterised(number);
    try {
      return await execute(number);
    } catch (error) {
      // 26000: the session lost the statement (DEALLOCATE, DISCARD ALL): prepare it again, once.
      if ((error as { code?: string }).code !== '26000') throw error;
      prepared = undefined;
      return execute(number);
    }
  };
}

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
  /** Newest first; violations left out. */
  events: TimelineRow[];
}

/**
 * The whole lookup in one statement: the line, its product, the place the receiver collects from
 * and the timeline as one json value (through the index on shipment_number, occurred_at, id, read
 * backwards). PGlite runs one statement at a time, so under load every extra round trip of a lookup
 * waits behind everybody else's; and one json value is parsed once (JSON.parse) instead of field
 * by field and row by row by the driver. `$1` is the shipment number.
 */
const LOOKUP_SQL = `
  select l.status, l.status_date as "statusDate", l.transferred_at as "transferredAt",
    l.country_code as "countryCode", w.shipment_type as "shipmentType", w.delivery_days as "deliveryDays",
    p.name as "placeName", p.address as "placeAddress", p.country_code as "placeCountryCode",
    l.return_barcode as "returnBarcode",
    (select coalesce(json_agg(json_build_array(e.id, e.code, e.status, e.occurred_at, e.location->>'name',
        e.location->>'countryCode', e.note) order by e.occurred_at desc, e.id desc), '[]'::json)
      from tracking_events e
      where e.shipment_number = l.barcode and e.violation is null) as events
  from order_lines l
  left join work_flows w on w.id = l.work_flow_id
  left join service_locations p on p.id = l.receiver->'address'->>'serviceLocationId'
  where l.barcode = $1
  limit 1`;

const [LOOKUP_HEAD, LOOKUP_TAIL] = LOOKUP_SQL.split('$1') as [string, string];

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
    rowsOf(await orm.execute(sql`${sql.raw(LOOKUP_HEAD)}${number}${sql.raw(LOOKUP_TAIL)}`))[0];
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

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '@portal/api';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Bulk seeding for the bench (issue 41): rows go in with PostgreSQL's COPY … FROM STDIN in text
 * format, not one INSERT a row, so that 10,000,000 tracking events or 1,000,000 orders load in
 * minutes. On PostgreSQL through `pg-copy-streams` on a connection of the API's own pool (the
 * library streams the rows without holding them in memory: the reason to use it, rather than build
 * the protocol by hand); on PGlite through its `/dev/blob` COPY, a chunk of rows at a time (PGlite
 * has no COPY FROM STDIN; it is meant for the smoke test's small sizes).
 */
export type CopyValue = string | number | boolean | null | undefined | Date | object;

/** Rows per PGlite COPY and per chunk written to the PostgreSQL stream. */
const PGLITE_ROWS_PER_COPY = 20_000;
const LINES_PER_CHUNK = 2_000;

const SPECIAL = /[\\\t\n\r]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format: null as \N, JSON for objects, the four special characters escaped. */
function field(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(SPECIAL, (character) => ESCAPED[character] ?? character);
}

/** One row as a line of COPY's text format. */
export const copyLine = (values: readonly CopyValue[]): string => `${values.map(field).join('\t')}\n`;

function* chunks(lines: Iterable<string>, size: number): Generator<string> {
  let chunk: string[] = [];
  for (const line of lines) {
    chunk.push(line);
    if (chunk.length >= size) {
      yield chunk.join('');
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk.join('');
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** COPYs `lines` (each made with copyLine, in `columns`' order) into `table`; answers the rows copied. */
export async function copyRows(
  db: Database,
  table: string,
  columns: readonly string[],
  lines: Iterable<string>,
): Promise<number> {
  const target = `${quoted(table)} (${columns.map(quoted).join(', ')})`;
  if (db.driver === 'postgres') {
    // The pool is the API's own (database.ts keeps it on the object for migrations and metrics).
    const pool = (db as Database & { pool: pg.Pool }).pool;
    const client = await pool.connect();
    try {
      const stream = client.query(copyFrom(`copy ${target} from stdin`));
      await pipeline(Readable.from(chunks(lines, LINES_PER_CHUNK)), stream);
      return Number(stream.rowCount);
    } finally {
      client.release();
    }
  }
  // PGlite: drizzle keeps the client as `$client` (the API's wrapper passes `blob` through).
  const client = (db.orm as unknown as { $client: PGlite }).$client;
  let copied = 0;
  for (const text of chunks(lines, PGLITE_ROWS_PER_COPY)) {
    const result = await client.query(`copy ${target} from '/dev/blob'`, [], { blob: new Blob([text]) });
    copied += result.affectedRows ?? 0;
  }
  return copied;
}

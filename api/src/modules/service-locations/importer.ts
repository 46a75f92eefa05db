import { inArray, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { formatPropertyPath } from '../../http/violations';
import { ADMIN_ID_PREFIX } from './admin';
import { type LocationRecord, locationRecordSchema, type ServiceLocationRow, toRow } from './location-record';
import { serviceLocations } from './schema';

export interface ImportOptions {
  /**
   * Which stored locations a file replaces. `all` (a full reload): every active location missing
   * from the file is retired but those administrators added in the back office (admin.ts). `partial`: only those of a source, operator and type present in the
   * file (the source is the id's prefix: a sync of Latvijas Pasts post offices from the operator's
   * endpoint, `lvpasts-…`, leaves every other network alone, and so the post offices that the
   * Unisend list or an administrator added).
   */
  scope?: 'all' | 'partial';
  now?: Date;
}

export interface ImportReport {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Retired locations that are back in the file. */
  reactivated: number;
  retired: number;
}

export class LocationImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`The location file is not valid:\n${problems.join('\n')}`);
    this.name = 'LocationImportError';
  }
}

type ImportListener = () => void;
const listeners = new Set<ImportListener>();

/**
 * Called after every import that committed (a reload, a partial file, the first seed): the API's
 * location cache subscribes so that a reload in its process shows at once. Returns the unsubscribe.
 */
export function onLocationsImported(listener: ImportListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const BATCH = 500;
const COMPARED: (keyof ServiceLocationRow)[] = [
  'countryCode',
  'type',
  'operator',
  'name',
  'address',
  'city',
  'postCode',
  'latitude',
  'longitude',
  'openingHours',
  'pickUpOnly',
  'source',
];

/** What a partial file replaces: the id's source prefix (data/README.md), operator and type. */
function partialGroup(row: { id: string; operator: string; type: string }): string {
  return [row.id.slice(0, row.id.indexOf('-')), row.operator, row.type].join('\u0000');
}

/** Checks every record first: a file with one bad record changes nothing. */
export function validateLocationFile(data: unknown): LocationRecord[] {
  if (!Array.isArray(data)) throw new LocationImportError(['The file should hold a JSON array of locations.']);
  const problems: string[] = [];
  const records: LocationRecord[] = [];
  const seen = new Set<string>();
  data.forEach((item, index) => {
    const result = locationRecordSchema.safeParse(item);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push(`[${index}].${formatPropertyPath(issue.path)}: ${issue.message}`);
      }
      return;
    }
    if (seen.has(result.data.id)) problems.push(`[${index}].id: "${result.data.id}" occurs more than once.`);
    seen.add(result.data.id);
    records.push(result.data);
  });
  if (problems.length > 0) throw new LocationImportError(problems.slice(0, 50));
  return records;
}

/**
 * Loads a location file (data/README.md format) into `service_locations` in one transaction.
 * Ids are the file's own, so a reload keeps them; a location that left the file is retired
 * (`active` false), never deleted, so orders that name it keep their place.
 */
export async function importLocations(orm: Orm, data: unknown, options: ImportOptions = {}): Promise<ImportReport> {
  const records = validateLocationFile(data);
  const now = options.now ?? new Date();
  const rows = records.map(toRow);
  const report: ImportReport = { inserted: 0, updated: 0, unchanged: 0, reactivated: 0, retired: 0 };

  await orm.transaction(async (tx) => {
    const existing = new Map((await tx.select().from(serviceLocations)).map((row) => [row.id, row]));
    const changed: ServiceLocationRow[] = [];
    for (const row of rows) {
      const stored = existing.get(row.id);
      if (!stored) report.inserted++;
      else if (!stored.active) report.reactivated++;
      else if (COMPARED.some((field) => stored[field as keyof typeof stored] !== row[field])) report.updated++;
      else {
        report.unchanged++;
        continue;
      }
      changed.push({ ...row, updatedAt: now });
    }
    for (let start = 0; start < changed.length; start += BATCH) {
      await tx
        .insert(serviceLocations)
        .values(changed.slice(start, start + BATCH))
        .onConflictDoUpdate({
          target: serviceLocations.id,
          set: Object.fromEntries(
            [...COMPARED, 'ownNetwork', 'searchText', 'active', 'retiredAt', 'updatedAt'].map((field) => [
              field,
              sql.raw(`excluded."${serviceLocations[field as keyof ServiceLocationRow].name}"`),
            ]),
          ),
        });
    }

    const inFile = new Set(rows.map((row) => row.id));
    const replacedGroups = new Set(rows.map(partialGroup));
    const toRetire = [...existing.values()]
      .filter((row) => row.active && !inFile.has(row.id))
      .filter((row) =>
        options.scope === 'partial' ? replacedGroups.has(partialGroup(row)) : !row.id.startsWith(`${ADMIN_ID_PREFIX}-`),
      )
      .map((row) => row.id);
    for (let start = 0; start < toRetire.length; start += BATCH) {
      await tx
        .update(serviceLocations)
        .set({ active: false, retiredAt: now, updatedAt: now })
        .where(inArray(serviceLocations.id, toRetire.slice(start, start + BATCH)));
    }
    report.retired = toRetire.length;
  });
  for (const listener of listeners) listener();
  return report;
}

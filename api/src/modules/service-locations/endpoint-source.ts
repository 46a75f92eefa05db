import { z } from 'zod';
import { formatPropertyPath } from '../../http/violations';
import { LocationImportError } from './importer';
import type { LocationType } from './location-record';

/**
 * A location source read by URL (issue 21): an operator's own service-location endpoint, in the
 * shape of the seed system's `GET /api/public/addresses/service_location` (Latvijas Pasts). No saved
 * copy of it exists, so the operator's scheduled sync reads it live:
 * `npm run locations:import -- --url <url>`. Each record holds `label`, `readableAddress`,
 * `postCode`, `latitude`, `longitude`, `workingHours` and a numeric `type`, of which only
 * `1` = post office is documented; any other type is refused unless the operator says what it
 * is (`--type 2=parcelLocker`) or to leave it out (`--type 3=skip`).
 */
export interface EndpointSourceOptions {
  /** The operator the endpoint belongs to (default Latvijas Pasts). */
  operator: string;
  countryCode: string;
  /** The id prefix of this source (data/README.md): `<prefix>-<record id>`. */
  idPrefix: string;
  /** Types beyond the documented `1` = post office. */
  types?: Record<string, LocationType | 'skip'>;
  /** How many `hydra:next` pages to follow at most. */
  maxPages?: number;
  fetch?: typeof fetch;
}

export const LATVIJAS_PASTS_ENDPOINT: Omit<EndpointSourceOptions, 'fetch'> = {
  operator: 'Latvijas Pasts',
  countryCode: 'LV',
  idPrefix: 'lvpasts',
};

/** The documented type codes of the endpoint. */
export const DOCUMENTED_TYPES: Record<string, LocationType> = { '1': 'postOffice' };

const coordinate = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** One record as the endpoint answers it; other fields are ignored. */
export const endpointRecordSchema = z.object({
  id: z
    .union([
      z.number().int().nonnegative(),
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{1,40}$/),
    ])
    .optional(),
  label: z.string().trim().min(1).max(200),
  readableAddress: z.string().trim().max(300),
  postCode: z
    .union([z.string().trim().max(20), z.number().int().nonnegative()])
    .nullish()
    .transform((value) => (value === null || value === undefined || value === '' ? null : String(value))),
  latitude: coordinate.pipe(z.number().min(-90).max(90)),
  longitude: coordinate.pipe(z.number().min(-180).max(180)),
  workingHours: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((value) => (Array.isArray(value) ? value.join('; ') : (value ?? null))),
  type: z.union([z.number().int(), z.string().trim().regex(/^\d+$/).transform(Number)]),
  city: z.string().trim().max(120).optional(),
});

/** `1010` → `LV-1010` in Latvia (data/README.md keeps post codes as `LV-NNNN`); others as given. */
function normalizePostCode(postCode: string | null, countryCode: string): string | null {
  if (postCode && countryCode === 'LV' && /^\d{4}$/.test(postCode)) return `LV-${postCode}`;
  return postCode;
}

/** The id's own part: the record's id, else its post code (one Latvian post code per post office). */
function recordKey(record: z.output<typeof endpointRecordSchema>): string | null {
  if (record.id !== undefined) return String(record.id);
  const fromPostCode = record.postCode?.replace(/[^A-Za-z0-9]/g, '');
  return fromPostCode || null;
}

/**
 * Maps the endpoint's records to the location file format (data/README.md). Checks every record
 * first: one bad record, an unknown type or an answer without places refuses the whole sync.
 */
export function mapEndpointRecords(data: unknown, options: EndpointSourceOptions, url = ''): unknown[] {
  if (!Array.isArray(data)) throw new LocationImportError([`${url}: the answer should hold a list of locations.`]);
  const types: Record<string, LocationType | 'skip'> = { ...DOCUMENTED_TYPES, ...options.types };
  const problems: string[] = [];
  const unknownTypes = new Map<number, number>();
  const records: unknown[] = [];
  const fetchedAt = new Date().toISOString().slice(0, 10);
  data.forEach((item, index) => {
    const result = endpointRecordSchema.safeParse(item);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push(`[${index}].${formatPropertyPath(issue.path)}: ${issue.message}`);
      }
      return;
    }
    const record = result.data;
    const type = types[String(record.type)];
    if (type === undefined) {
      unknownTypes.set(record.type, (unknownTypes.get(record.type) ?? 0) + 1);
      return;
    }
    if (type === 'skip') return;
    const key = recordKey(record);
    if (!key) {
      problems.push(`[${index}]: has neither an id nor a post code to keep it by.`);
      return;
    }
    records.push({
      id: `${options.idPrefix}-${key}`,
      countryCode: options.countryCode,
      type,
      operator: options.operator,
      name: record.label,
      address: record.readableAddress,
      city: record.city ?? '',
      postCode: normalizePostCode(record.postCode, options.countryCode),
      latitude: record.latitude,
      longitude: record.longitude,
      openingHours: record.workingHours?.trim() || null,
      source: `${url} (type ${record.type}, read ${fetchedAt})`.slice(0, 500),
    });
  });
  for (const [type, count] of unknownTypes) {
    problems.push(
      `type ${type} (${count} records) is not known: only 1 (post office) is documented. ` +
        `Say what it is with --type ${type}=parcelLocker or --type ${type}=postOffice, or leave it out with --type ${type}=skip.`,
    );
  }
  if (problems.length > 0) throw new LocationImportError(problems.slice(0, 50));
  if (records.length === 0) {
    // An empty answer would otherwise retire the whole network of the source.
    throw new LocationImportError([`${url}: the answer holds no locations to import; nothing was changed.`]);
  }
  return records;
}

const hydraPage = z.looseObject({
  'hydra:member': z.array(z.unknown()),
  'hydra:view': z.looseObject({ 'hydra:next': z.string().optional() }).optional(),
});

/**
 * Reads every record from the endpoint: a JSON list, or a Hydra collection whose `hydra:next`
 * pages are followed (at most `maxPages`).
 */
export async function readEndpoint(url: string, options: EndpointSourceOptions): Promise<unknown[]> {
  const fetchImpl = options.fetch ?? fetch;
  const records: unknown[] = [];
  let next: string | undefined = url;
  for (let page = 0; next; page++) {
    if (page >= (options.maxPages ?? 100)) {
      throw new LocationImportError([`${url}: more than ${options.maxPages ?? 100} pages; nothing was changed.`]);
    }
    const response = await fetchImpl(next, { headers: { accept: 'application/ld+json, application/json' } });
    if (!response.ok) {
      throw new LocationImportError([`${next}: the endpoint answered ${response.status} ${response.statusText}.`]);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new LocationImportError([`${next}: the answer is not JSON.`]);
    }
    if (Array.isArray(body)) {
      records.push(...body);
      break;
    }
    const collection = hydraPage.safeParse(body);
    if (!collection.success) {
      throw new LocationImportError([`${next}: the answer is neither a list nor a Hydra collection of locations.`]);
    }
    records.push(...collection.data['hydra:member']);
    const link = collection.data['hydra:view']?.['hydra:next'];
    next = link ? new URL(link, next).toString() : undefined;
  }
  return records;
}

/** Reads the endpoint and maps its records to the location file format. */
export async function locationsFromEndpoint(url: string, options: EndpointSourceOptions): Promise<unknown[]> {
  return mapEndpointRecords(await readEndpoint(url, options), options, url);
}

/** `2=parcelLocker` → `{ '2': 'parcelLocker' }`; throws on anything else. */
export function parseTypeMapping(values: string[]): Record<string, LocationType | 'skip'> {
  const mapping: Record<string, LocationType | 'skip'> = {};
  for (const value of values) {
    const match = /^(\d+)=(parcelLocker|postOffice|skip)$/.exec(value);
    if (!match) {
      throw new LocationImportError([
        `--type ${value}: write <number>=parcelLocker, <number>=postOffice or <number>=skip.`,
      ]);
    }
    mapping[match[1]!] = match[2] as LocationType | 'skip';
  }
  return mapping;
}

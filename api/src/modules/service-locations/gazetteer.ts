import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { normalizeSearchText } from './search-text';

/**
 * The map's gazetteer (issue 40 item 3): Latvian post codes, localities, parishes and municipalities
 * with approximate coordinates, so that a search for a place without a post office or locker of its
 * own ("Seces pagasts", "LV-5124") still moves the map there. From the bundled GeoNames post-code
 * file (`data/lv-postal-codes.tsv`, CC BY 4.0, provenance in data/README.md), read once into memory
 * (about 6,100 rows, 0.5 MB): no table, nothing to migrate, the same on PGlite and PostgreSQL.
 * GeoNames has no streets: streets are found through the places' own addresses (the location search).
 */
export const GAZETTEER_FILE = fileURLToPath(new URL('./data/lv-postal-codes.tsv', import.meta.url));

export const PLACE_KINDS = ['postCode', 'locality', 'parish', 'municipality'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export interface GazetteerPlace {
  /** `<kind>:<name>[:<area>]`, stable while the file is. */
  id: string;
  kind: PlaceKind;
  /** As GeoNames spells it ("Seces pag.", "LV-5124", "Ziedāni"). */
  name: string;
  /** The larger areas it lies in, smallest first ("Seces pag., Aizkraukles nov."); a post code: its localities. */
  area: string;
  postCodes: string[];
  latitude: number;
  longitude: number;
}

interface IndexedPlace {
  place: GazetteerPlace;
  /** The name normalized, and without "pag."/"nov." ("seces"): what an exact search names. */
  names: string[];
  /** Every word it is found by, with a space in front (search-rank.ts's convention). */
  words: string;
}

/** A parish or municipality is also found by its full word: "Seces pagasts", "Ogres novads". */
const SUFFIX_WORDS: Record<string, string> = { 'pag.': 'pagasts', 'nov.': 'novads' };

interface Row {
  postCode: string;
  placeName: string;
  municipality: string;
  parish: string;
  latitude: number;
  longitude: number;
}

/** The GeoNames rows (tab-separated, a header line; columns in data/README.md). */
export function parseGazetteerRows(tsv: string): Row[] {
  const [header = '', ...lines] = tsv.split('\n');
  const columns = header.split('\t');
  const at = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`The gazetteer file has no "${name}" column.`);
    return index;
  };
  const [code, place, admin1, admin2, latitude, longitude] = [
    'postalCode',
    'placeName',
    'adminName1',
    'adminName2',
    'latitude',
    'longitude',
  ].map(at) as [number, number, number, number, number, number];
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells = line.split('\t');
      return {
        postCode: cells[code] ?? '',
        placeName: cells[place] ?? '',
        municipality: cells[admin1] ?? '',
        parish: cells[admin2] ?? '',
        latitude: Number(cells[latitude]),
        longitude: Number(cells[longitude]),
      };
    })
    .filter((row) => row.placeName !== '' && Number.isFinite(row.latitude) && Number.isFinite(row.longitude));
}

/** Rows grouped by a key, each group becoming one place at the middle of its rows' coordinates. */
function group(rows: Row[], keyOf: (row: Row) => string | null): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    const members = groups.get(key);
    if (members) members.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

const unique = (values: string[]) => [...new Set(values.filter(Boolean))];
const mean = (values: number[]) =>
  Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 1e5) / 1e5;

function place(kind: PlaceKind, name: string, area: string[], rows: Row[]): GazetteerPlace {
  const areaText = unique(area).join(', ');
  return {
    id: [kind, name, areaText].filter(Boolean).join(':'),
    kind,
    name,
    area: areaText,
    postCodes: unique(rows.map((row) => row.postCode)).sort(),
    latitude: mean(rows.map((row) => row.latitude)),
    longitude: mean(rows.map((row) => row.longitude)),
  };
}

/** Post codes, localities, parishes ("… pag.") and municipalities ("… nov.") from the rows. */
export function buildGazetteer(rows: Row[]): GazetteerPlace[] {
  const places: GazetteerPlace[] = [];
  for (const [code, members] of group(rows, (row) => row.postCode || null)) {
    const first = members[0]!;
    places.push(place('postCode', code, [...members.map((row) => row.placeName), first.municipality], members));
  }
  for (const members of group(rows, (row) => `${row.placeName}\t${row.parish}\t${row.municipality}`).values()) {
    const first = members[0]!;
    // A city's own row names the city as its municipality ("Riga", "Riga").
    const area = first.municipality === first.placeName ? [first.parish] : [first.parish, first.municipality];
    places.push(place('locality', first.placeName, area, members));
  }
  for (const members of group(rows, (row) =>
    row.parish.endsWith('pag.') ? `${row.parish}\t${row.municipality}` : null,
  ).values()) {
    const first = members[0]!;
    places.push(place('parish', first.parish, [first.municipality], members));
  }
  for (const members of group(rows, (row) => (row.municipality.endsWith('nov.') ? row.municipality : null)).values()) {
    places.push(place('municipality', members[0]!.municipality, [], members));
  }
  return places;
}

function indexPlace(place: GazetteerPlace): IndexedPlace {
  const name = normalizeSearchText(place.name);
  const suffix = Object.keys(SUFFIX_WORDS).find((ending) => place.name.endsWith(` ${ending}`));
  const bare = suffix ? normalizeSearchText(place.name.slice(0, -suffix.length)) : null;
  const fullWords = suffix ? `${bare} ${SUFFIX_WORDS[suffix]}` : '';
  const text = normalizeSearchText([place.name, fullWords, place.area, ...place.postCodes].join(' '));
  return { place, names: unique([name, bare ?? '', fullWords]), words: ` ${text}` };
}

const KIND_ORDER: Record<PlaceKind, number> = { postCode: 0, locality: 1, parish: 2, municipality: 3 };

/**
 * The places every word of `tokens` begins a word of (diacritics and case ignored, as the location
 * search: "Ziedani" finds "Ziedāni"), best first: the place named exactly, then those whose name
 * begins so, then the rest (a village of the parish searched for); within each, post codes, then
 * localities, parishes and municipalities, then by name.
 */
export class Gazetteer {
  private readonly places: IndexedPlace[];

  constructor(places: GazetteerPlace[]) {
    this.places = places.map(indexPlace);
  }

  get size(): number {
    return this.places.length;
  }

  search(
    tokens: string[],
    { offset = 0, limit }: { offset?: number; limit: number },
  ): { items: GazetteerPlace[]; totalItems: number } {
    const query = tokens.join(' ');
    const relevance = (entry: IndexedPlace) => {
      if (entry.names.includes(query)) return 0;
      if (entry.names.some((name) => tokens.every((token) => ` ${name}`.includes(` ${token}`)))) return 1;
      return 2;
    };
    const matches = this.places
      .filter((entry) => tokens.every((token) => entry.words.includes(` ${token}`)))
      .map((entry) => ({ entry, relevance: relevance(entry) }))
      .sort(
        (a, b) =>
          a.relevance - b.relevance ||
          KIND_ORDER[a.entry.place.kind] - KIND_ORDER[b.entry.place.kind] ||
          a.entry.place.name.localeCompare(b.entry.place.name, 'lv') ||
          a.entry.place.area.localeCompare(b.entry.place.area, 'lv'),
      );
    return { items: matches.slice(offset, offset + limit).map(({ entry }) => entry.place), totalItems: matches.length };
  }
}

let loaded: Promise<Gazetteer> | null = null;

/** The bundled gazetteer, read on first use and kept (the file ships with the API). */
export function bundledGazetteer(): Promise<Gazetteer> {
  if (!loaded) {
    loaded = readFile(GAZETTEER_FILE, 'utf8').then((tsv) => new Gazetteer(buildGazetteer(parseGazetteerRows(tsv))));
    loaded.catch(() => {
      loaded = null;
    });
  }
  return loaded;
}

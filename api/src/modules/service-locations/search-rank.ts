import { locationSearchText, normalizeSearchText } from './search-text';

/**
 * How the location search matches and orders places (issue 21): a place matches when every word of
 * the query begins a word of its name, address, city or post code ("Riga" finds "Rīgas iela" but no
 * longer "Auriga" or "Švitrigailos"); matches are ranked by where the query was found.
 */
export interface SearchIndex {
  /** The whole search text with a space in front, so `" " + token` finds a word's beginning. */
  words: string;
  /** The place's locality: its city and the address parts after the street ("…, Rīga"). */
  localities: string[];
  name: string;
}

/** `searchText`: the stored search text (the database's `search_text`) where there is one. */
export function searchIndex(location: {
  name: string;
  address: string;
  city: string;
  postCode: string | null;
  searchText?: string;
}): SearchIndex {
  const addressLocalities = location.address.split(',').slice(1);
  const localities = [location.city, ...addressLocalities].map(normalizeSearchText).filter(Boolean);
  const text = location.searchText ?? locationSearchText(location);
  return { words: ` ${text}`, localities: [...new Set(localities)], name: normalizeSearchText(location.name) };
}

const beginsAWord = (text: string, tokens: string[]) => tokens.every((token) => ` ${text}`.includes(` ${token}`));

export function matchesSearch(index: SearchIndex, tokens: string[]): boolean {
  return tokens.every((token) => index.words.includes(` ${token}`));
}

/**
 * 0: the query is the place's locality ("Riga" → in Rīga); 1: it begins the locality's words
 * ("Lidosta Rīga"); 2: it begins the name's words; 3: found only across fields or in the street
 * ("Rīgas iela 1B, Aloja").
 */
export function searchRelevance(index: SearchIndex, tokens: string[]): number {
  const query = tokens.join(' ');
  if (index.localities.includes(query)) return 0;
  if (index.localities.some((locality) => beginsAWord(locality, tokens))) return 1;
  if (beginsAWord(index.name, tokens)) return 2;
  return 3;
}

/** Where a place is and whether it is the operator's own: what orders places of the same relevance. */
export interface RankedPlace {
  ownNetwork: boolean;
  latitude: number;
  longitude: number;
}

/**
 * The matches of `tokens` among `items` (already in their default order), best first (issue 40:
 * "Riga" listed 394 places alphabetically, competitors first). Within the same relevance: the
 * operator's own places first, then the nearest to the centre of the best matches (the place the
 * query names: "Riga" → the middle of Rīga's places), then the default order.
 */
export function rankSearch<Item>(
  items: Item[],
  index: (item: Item) => SearchIndex,
  tokens: string[],
  placeOf: (item: Item) => RankedPlace,
): Item[] {
  const matches = items
    .map((item, position) => ({ item, position, index: index(item) }))
    .filter(({ index: found }) => matchesSearch(found, tokens))
    .map((entry) => ({ ...entry, relevance: searchRelevance(entry.index, tokens), place: placeOf(entry.item) }));
  const best = Math.min(...matches.map((match) => match.relevance));
  const centre = centreOf(matches.filter((match) => match.relevance === best).map((match) => match.place));
  const distance = (place: RankedPlace) => (centre ? squaredDistance(place, centre) : 0);
  return matches
    .sort(
      (a, b) =>
        a.relevance - b.relevance ||
        Number(b.place.ownNetwork) - Number(a.place.ownNetwork) ||
        distance(a.place) - distance(b.place) ||
        a.position - b.position,
    )
    .map(({ item }) => item);
}

function centreOf(places: RankedPlace[]): { latitude: number; longitude: number } | null {
  if (places.length === 0) return null;
  const sum = places.reduce(
    (total, place) => ({ latitude: total.latitude + place.latitude, longitude: total.longitude + place.longitude }),
    { latitude: 0, longitude: 0 },
  );
  return { latitude: sum.latitude / places.length, longitude: sum.longitude / places.length };
}

/** Equirectangular: enough to order places within a country. */
function squaredDistance(place: RankedPlace, centre: { latitude: number; longitude: number }): number {
  const scale = Math.cos((centre.latitude * Math.PI) / 180);
  return (place.latitude - centre.latitude) ** 2 + ((place.longitude - centre.longitude) * scale) ** 2;
}

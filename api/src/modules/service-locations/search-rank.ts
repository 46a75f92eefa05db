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

/** The matches of `tokens` among `items` (already in their default order), best first; ties keep that order. */
export function rankSearch<Item>(items: Item[], index: (item: Item) => SearchIndex, tokens: string[]): Item[] {
  return items
    .map((item, position) => ({ item, position, index: index(item) }))
    .filter(({ index: found }) => matchesSearch(found, tokens))
    .map((entry) => ({ ...entry, relevance: searchRelevance(entry.index, tokens) }))
    .sort((a, b) => a.relevance - b.relevance || a.position - b.position)
    .map(({ item }) => item);
}

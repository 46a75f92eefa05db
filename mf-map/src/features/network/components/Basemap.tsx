import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Country outlines shipped with the app (world-atlas, Natural Earth 1:110m), drawn under the tiles.
 * Loaded only when tiles fail or are switched off, so the map is never a blank grey box offline.
 */
export function Basemap() {
  const map = useMap();
  useEffect(() => {
    let layer: L.GeoJSON | undefined;
    let cancelled = false;
    if (!map.getPane('basemap')) {
      const pane = map.createPane('basemap');
      pane.style.zIndex = '150';
    }
    void import('world-atlas/countries-110m.json').then(({ default: atlas }) => {
      if (cancelled) return;
      const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
      layer = L.geoJSON(feature(topology, topology.objects.countries), {
        pane: 'basemap',
        interactive: false,
        style: { color: '#8a8f98', weight: 1, fillColor: '#f4f1ea', fillOpacity: 1 },
      }).addTo(map);
      map.getContainer().setAttribute('data-basemap', 'shown');
    });
    return () => {
      cancelled = true;
      layer?.remove();
    };
  }, [map]);
  return null;
}

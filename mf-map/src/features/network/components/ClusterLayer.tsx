import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from 'react-leaflet';
import Supercluster from 'supercluster';
import type { MapMarker } from '../model';

const COUNTRY_BITS: Record<string, number> = { LV: 1, LT: 2, EE: 4 };
const COUNTRY_OF_BIT: [number, string][] = [
  [1, 'LV'],
  [2, 'LT'],
  [4, 'EE'],
];

interface PointProperties {
  id: string;
  type: string;
  own: boolean;
  countries: number;
}
interface ClusterProperties {
  countries: number;
}

export interface ClusterLabels {
  cluster: (count: number) => string;
  point: (marker: MapMarker) => string;
}

/** Fired once, when the first markers are on the map (the bench and e2e tests read it). */
export const MARKERS_DRAWN_MARK = 'mf-map:markers-drawn';

/**
 * Every marker through supercluster: only the clusters and points inside the view are in the DOM
 * (a few hundred at most), redrawn on each move, so thousands of locations stay smooth. Drawn
 * imperatively with Leaflet: React does not reconcile thousands of markers.
 */
export function ClusterLayer({
  markers,
  selectedId,
  onSelect,
  labels,
}: {
  markers: MapMarker[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  labels: ClusterLabels;
}) {
  const map = useMap();
  const byId = useMemo(() => new Map(markers.map((marker) => [marker.id, marker])), [markers]);
  const index = useMemo(() => {
    const clusters = new Supercluster<PointProperties, ClusterProperties>({
      radius: 60,
      maxZoom: 15,
      map: (properties) => ({ countries: properties.countries }),
      reduce: (accumulated, properties) => {
        accumulated.countries |= properties.countries;
      },
    });
    clusters.load(
      markers.map((marker) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [marker.longitude, marker.latitude] },
        properties: {
          id: marker.id,
          type: marker.type,
          own: marker.ownNetwork,
          countries: COUNTRY_BITS[marker.countryCode] ?? 0,
        },
      })),
    );
    return clusters;
  }, [markers]);
  // Latest callbacks without redrawing when only their identity changes.
  const current = useRef({ onSelect, labels, byId });
  current.current = { onSelect, labels, byId };

  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    const container = map.getContainer();
    const draw = () => {
      layer.clearLayers();
      const bounds = map.getBounds();
      const box: [number, number, number, number] = [
        Math.max(-180, bounds.getWest()),
        Math.max(-85, bounds.getSouth()),
        Math.min(180, bounds.getEast()),
        Math.min(85, bounds.getNorth()),
      ];
      const features = index.getClusters(box, Math.round(map.getZoom()));
      for (const feature of features) {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        const countries = COUNTRY_OF_BIT.filter(([bit]) => feature.properties.countries & bit)
          .map(([, code]) => code)
          .join(' ');
        if ('cluster' in feature.properties && feature.properties.cluster) {
          const count = feature.properties.point_count;
          const size = count < 10 ? 30 : count < 100 ? 36 : count < 1000 ? 44 : 52;
          const clusterId = feature.properties.cluster_id;
          const marker = L.marker([latitude, longitude], {
            icon: L.divIcon({
              html: `<span>${feature.properties.point_count_abbreviated}</span>`,
              className: 'mf-map-cluster',
              iconSize: [size, size],
            }),
            title: current.current.labels.cluster(count),
            alt: current.current.labels.cluster(count),
            riseOnHover: true,
          });
          marker.on('add', () => {
            const element = marker.getElement();
            element?.setAttribute('data-countries', countries);
            element?.setAttribute('data-count', String(count));
          });
          marker.on('click', () =>
            map.flyTo([latitude, longitude], Math.min(index.getClusterExpansionZoom(clusterId), 18), { duration: 0.4 }),
          );
          layer.addLayer(marker);
        } else {
          const point = feature.properties as PointProperties;
          const location = current.current.byId.get(point.id);
          const selected = point.id === selectedId;
          const label = location ? current.current.labels.point(location) : point.id;
          const marker = L.marker([latitude, longitude], {
            icon: L.divIcon({
              html: '<span></span>',
              className: `mf-map-point mf-map-point--${point.type}${point.own ? ' mf-map-point--own' : ''}${selected ? ' mf-map-point--selected' : ''}`,
              iconSize: selected ? [26, 26] : [20, 20],
            }),
            title: label,
            alt: label,
            zIndexOffset: selected ? 1000 : 0,
          });
          marker.on('add', () => {
            const element = marker.getElement();
            element?.setAttribute('data-location-id', point.id);
            element?.setAttribute('data-countries', countries);
          });
          marker.on('click', () => current.current.onSelect(point.id));
          layer.addLayer(marker);
        }
      }
      container.setAttribute('data-drawn', String(features.length));
      if (features.length > 0 && performance.getEntriesByName(MARKERS_DRAWN_MARK).length === 0) {
        performance.mark(MARKERS_DRAWN_MARK);
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      layer.remove();
    };
  }, [map, index, selectedId]);

  return null;
}

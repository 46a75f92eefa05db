import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { type BuiltClusterIndex, COUNTRY_BITS, isCluster } from '../clustering/cluster-index';
import type { MapMarker } from '../model';

const COUNTRY_OF_BIT = Object.entries(COUNTRY_BITS).map(([code, bit]) => [bit, code] as const);

export interface ClusterLabels {
  cluster: (count: number) => string;
  point: (marker: MapMarker) => string;
}

/** Fired once, when the first markers are on the map (the bench and e2e tests read it). */
export const MARKERS_DRAWN_MARK = 'mf-map:markers-drawn';

/**
 * Every marker through supercluster (`built`, in a worker: ../clustering/cluster-index.ts): only the
 * clusters and points inside the view are in the DOM (a few hundred at most), redrawn on each move,
 * so thousands of locations stay smooth. Drawn imperatively with Leaflet: React does not reconcile
 * thousands of markers.
 */
export function ClusterLayer({
  markers,
  built,
  selectedId,
  onSelect,
  labels,
}: {
  markers: MapMarker[];
  built: BuiltClusterIndex | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
  labels: ClusterLabels;
}) {
  const map = useMap();
  const byId = useMemo(() => new Map(markers.map((marker) => [marker.id, marker])), [markers]);
  // Latest callbacks without redrawing when only their identity changes.
  const current = useRef({ onSelect, labels, byId });
  current.current = { onSelect, labels, byId };

  useEffect(() => {
    if (!built) return;
    const { index } = built;
    const layer = L.layerGroup().addTo(map);
    const container = map.getContainer();
    // The index answers asynchronously: only the answer to the latest view is drawn.
    let latestView = 0;
    const draw = async () => {
      const view = ++latestView;
      const bounds = map.getBounds();
      const box: [number, number, number, number] = [
        Math.max(-180, bounds.getWest()),
        Math.max(-85, bounds.getSouth()),
        Math.min(180, bounds.getEast()),
        Math.min(85, bounds.getNorth()),
      ];
      const features = await index.clusters(box, Math.round(map.getZoom()));
      if (features === null || view !== latestView) return;
      layer.clearLayers();
      for (const feature of features) {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        const countries = COUNTRY_OF_BIT.filter(([bit]) => feature.properties.countries & bit)
          .map(([, code]) => code)
          .join(' ');
        if (isCluster(feature.properties)) {
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
          marker.on('click', () => {
            void index.expansionZoom(clusterId).then((zoom) => {
              if (zoom !== null) map.flyTo([latitude, longitude], Math.min(zoom, 18), { duration: 0.4 });
            });
          });
          layer.addLayer(marker);
        } else {
          const point = feature.properties;
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
    void draw();
    map.on('moveend', draw);
    return () => {
      latestView = -1;
      map.off('moveend', draw);
      layer.remove();
    };
  }, [map, built, selectedId]);

  return null;
}

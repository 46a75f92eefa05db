import 'leaflet/dist/leaflet.css';
import './map.css';
import type L from 'leaflet';
import { useEffect, useState } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import type { BuiltClusterIndex } from '../clustering/cluster-index';
import type { MapBounds, MapMarker, Network } from '../model';
import { Basemap } from './Basemap';
import { type ClusterLabels, ClusterLayer } from './ClusterLayer';

/** Latvia, Lithuania and Estonia. */
const BALTIC_BOUNDS: L.LatLngBoundsExpression = [
  [53.85, 20.9],
  [59.7, 28.25],
];

export interface MapFocus {
  latitude: number;
  longitude: number;
  zoom: number;
  /** An area to show whole (a search's results), instead of the point at `zoom`. */
  bounds?: MapBounds;
  /** Changes on every request so that the same place can be focused twice. */
  key: number;
}

/**
 * Closest a search's area is shown: a single place found still shows its streets around it. Shown
 * without the zoom animation: a picker closed during one made Leaflet read its removed panes.
 */
const SEARCH_MAX_ZOOM = 15;

function FocusOn({ focus }: { focus: MapFocus | null }) {
  const map = useMap();
  useEffect(() => {
    if (focus?.bounds) map.fitBounds(focus.bounds, { maxZoom: SEARCH_MAX_ZOOM, padding: [24, 24], animate: false });
    else if (focus) map.setView([focus.latitude, focus.longitude], Math.max(map.getZoom(), focus.zoom));
  }, [map, focus]);
  return null;
}

/**
 * The map's view on its element (`data-center="lat,lng"`, `data-zoom`) after every move: what a
 * test reads to see that a search moved the map (a canvas shows it to people only).
 */
function ViewAttributes() {
  const map = useMap();
  useEffect(() => {
    const write = () => {
      const center = map.getCenter();
      map.getContainer().setAttribute('data-center', `${center.lat.toFixed(4)},${center.lng.toFixed(4)}`);
      map.getContainer().setAttribute('data-zoom', String(map.getZoom()));
    };
    write();
    map.on('moveend', write);
    return () => {
      map.off('moveend', write);
    };
  }, [map]);
  return null;
}

export interface NetworkMapProps {
  network: Network;
  markers: MapMarker[];
  /** The markers' cluster index (NetworkExplorer builds it while this map's code loads). */
  clusters: BuiltClusterIndex | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
  focus: MapFocus | null;
  labels: ClusterLabels & { map: string };
}

/** The Leaflet map: tiles from the configured server, the bundled outlines when they fail, clustered markers. */
export default function NetworkMap({
  network,
  markers,
  clusters,
  selectedId,
  onSelect,
  focus,
  labels,
}: NetworkMapProps) {
  const [tilesFailed, setTilesFailed] = useState(network.tiles === null);
  return (
    <MapContainer
      bounds={BALTIC_BOUNDS}
      className="mf-map-canvas"
      minZoom={3}
      maxZoom={18}
      worldCopyJump={false}
      preferCanvas
      ref={(map) => {
        // MapContainer passes no other attributes to its element.
        map?.getContainer().setAttribute('data-testid', 'network-map');
        map?.getContainer().setAttribute('aria-label', labels.map);
      }}
    >
      {network.tiles && (
        <TileLayer
          url={network.tiles.url}
          attribution={network.tiles.attribution}
          eventHandlers={{ tileerror: () => setTilesFailed(true) }}
        />
      )}
      {tilesFailed && <Basemap />}
      <ClusterLayer markers={markers} built={clusters} selectedId={selectedId} onSelect={onSelect} labels={labels} />
      <FocusOn focus={focus} />
      <ViewAttributes />
    </MapContainer>
  );
}

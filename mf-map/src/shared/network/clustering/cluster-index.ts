import { useEffect, useState } from 'react';
import superclusterUrl from 'supercluster/dist/supercluster.min.js?url';
import type { MapMarker } from '../model';
import workerUrl from './cluster.worker.js?url';

/** The countries of a point or cluster as bits, so that a cluster can carry all of its places'. */
export const COUNTRY_BITS: Record<string, number> = { LV: 1, LT: 2, EE: 4 };

export interface PointProperties {
  id: string;
  type: string;
  own: boolean;
  countries: number;
}

export interface ClusterProperties {
  cluster: true;
  cluster_id: number;
  point_count: number;
  point_count_abbreviated: string | number;
  countries: number;
}

/** What the index answers for a view: clusters and single places (GeoJSON features). */
export interface ClusterFeature {
  geometry: { coordinates: number[] };
  properties: PointProperties | ClusterProperties;
}

export const isCluster = (properties: ClusterFeature['properties']): properties is ClusterProperties =>
  'cluster' in properties && properties.cluster;

type Answer =
  | { type: 'loaded'; generation: number }
  | { type: 'clusters'; request: number; features?: ClusterFeature[]; stale?: true }
  | { type: 'expansionZoom'; request: number; zoom?: number; stale?: true };

let starterUrl: string | null = null;
let spareWorker: Worker | null = null;

/**
 * A worker that imports supercluster at once. It is started from a tiny same-origin script that
 * imports the real one by its URL: the remote may be served from another origin, from where the
 * page may run a script but not start a worker.
 */
function startWorker(): Worker {
  starterUrl ??= URL.createObjectURL(
    new Blob([`importScripts(${JSON.stringify(new URL(workerUrl, document.baseURI).href)});`], {
      type: 'text/javascript',
    }),
  );
  const worker = new Worker(starterUrl, { name: 'mf-map clusters' });
  worker.postMessage({ type: 'prepare', supercluster: superclusterUrl });
  return worker;
}

/**
 * Starts the first index's worker, and its scripts' download, ahead of need: the map's page calls
 * it as its code is evaluated, while the markers and the map's code are still on their way.
 */
export function prepareClusterIndex(): void {
  if (typeof Worker !== 'undefined') spareWorker ??= startWorker();
}

/**
 * The markers' cluster index in a worker (cluster.worker.js), so that building it for thousands of
 * places does not hold the page (issue 18). Answers for markers that have since been replaced come
 * back as `null`.
 */
export class ClusterIndex {
  private readonly worker: Worker;
  private generation = 0;
  private nextRequest = 0;
  private readonly pending = new Map<number, (answer: Answer) => void>();
  private readonly loads = new Map<number, () => void>();

  constructor() {
    this.worker = spareWorker ?? startWorker();
    spareWorker = null;
    this.worker.onmessage = ({ data }: MessageEvent<Answer>) => {
      if (data.type === 'loaded') {
        this.loads.get(data.generation)?.();
        this.loads.delete(data.generation);
      } else {
        this.pending.get(data.request)?.(data);
        this.pending.delete(data.request);
      }
    };
    this.worker.onerror = (event) => console.error('the map’s cluster index failed', event.message);
  }

  /** Resolves true once the index holds these markers, false when newer markers came first. */
  load(markers: readonly MapMarker[]): Promise<boolean> {
    const generation = ++this.generation;
    const points = markers.map((marker) => [
      marker.longitude,
      marker.latitude,
      marker.id,
      marker.type,
      marker.ownNetwork,
      COUNTRY_BITS[marker.countryCode] ?? 0,
    ]);
    return new Promise((resolve) => {
      this.loads.set(generation, () => resolve(generation === this.generation));
      this.worker.postMessage({ type: 'load', generation, points });
    });
  }

  /** The clusters and places inside `box` ([west, south, east, north]) at `zoom`. */
  clusters(box: [number, number, number, number], zoom: number): Promise<ClusterFeature[] | null> {
    return this.ask({ type: 'clusters', box, zoom }).then((answer) =>
      answer.type === 'clusters' && answer.features ? answer.features : null,
    );
  }

  /** The zoom at which a cluster falls apart. */
  expansionZoom(clusterId: number): Promise<number | null> {
    return this.ask({ type: 'expansionZoom', clusterId }).then((answer) =>
      answer.type === 'expansionZoom' && answer.zoom !== undefined ? answer.zoom : null,
    );
  }

  dispose(): void {
    this.worker.terminate();
    this.pending.clear();
    this.loads.clear();
  }

  private ask(message: Record<string, unknown>): Promise<Answer> {
    const request = ++this.nextRequest;
    return new Promise((resolve) => {
      this.pending.set(request, resolve);
      this.worker.postMessage({ ...message, request, generation: this.generation });
    });
  }
}

/**
 * The index of `markers`, once built: while newer markers are being indexed it stays the previous
 * one, so the map keeps its markers until the new ones can be drawn. A new object each time it is
 * rebuilt (the map redraws on it); one worker for the component's life. Used where the markers are
 * known (NetworkExplorer), not where they are drawn: the index is then built while the map's code
 * arrives and the map is laid out, instead of after (0.25–0.35 s sooner on this machine).
 */
export interface BuiltClusterIndex {
  index: ClusterIndex;
}

export function useClusterIndex(markers: readonly MapMarker[]): BuiltClusterIndex | null {
  const [index, setIndex] = useState<ClusterIndex | null>(null);
  const [built, setBuilt] = useState<BuiltClusterIndex | null>(null);
  useEffect(() => {
    const created = new ClusterIndex();
    setIndex(created);
    return () => created.dispose();
  }, []);
  useEffect(() => {
    if (!index) return;
    let current = true;
    void index.load(markers).then((latest) => {
      if (latest && current) setBuilt({ index });
    });
    return () => {
      current = false;
    };
  }, [index, markers]);
  return built?.index === index ? built : null;
}

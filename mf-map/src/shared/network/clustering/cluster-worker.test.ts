import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

// The cluster worker (cluster.worker.js) run as the browser runs it: a classic script with `self`,
// `importScripts` and `postMessage`, here in a VM context with supercluster's browser build.
const WORKER_FILE = path.join(__dirname, 'cluster.worker.js');
const SUPERCLUSTER_FILE = path.join(path.dirname(require.resolve('supercluster')), 'dist/supercluster.min.js');

function startWorker() {
  const answers: Record<string, unknown>[] = [];
  const imported: string[] = [];
  const context: Record<string, unknown> = {
    performance,
    postMessage: (message: Record<string, unknown>) => answers.push(message),
    importScripts: (url: string) => {
      imported.push(url);
      vm.runInContext(readFileSync(SUPERCLUSTER_FILE, 'utf8'), context);
    },
  };
  context.self = context;
  vm.createContext(context);
  vm.runInContext(readFileSync(WORKER_FILE, 'utf8'), context);
  const send = (data: Record<string, unknown>) => {
    (context.onmessage as (event: { data: unknown }) => void)({ data });
    return answers.at(-1) as Record<string, unknown> & { features?: { properties: Record<string, unknown> }[] };
  };
  return { send, imported };
}

// Riga, Vilnius, Tallinn: [longitude, latitude, id, type, own, countries].
const POINTS = [
  [24.105, 56.946, 'riga-1', 'postOffice', true, 1],
  [24.106, 56.947, 'riga-2', 'parcelLocker', false, 1],
  [25.279, 54.687, 'vilnius-1', 'parcelLocker', false, 2],
  [24.745, 59.437, 'tallinn-1', 'postOffice', true, 4],
];
const WORLD = [-180, -85, 180, 85];

describe('the cluster worker', () => {
  it('clusters the places of a load, with the countries of every place in a cluster', () => {
    const worker = startWorker();
    worker.send({ type: 'prepare', supercluster: '/s.js' });
    expect(worker.send({ type: 'load', generation: 1, points: POINTS })).toEqual({
      type: 'loaded',
      generation: 1,
    });
    const far = worker.send({ type: 'clusters', request: 1, generation: 1, box: WORLD, zoom: 0 });
    expect(far.request).toBe(1);
    expect(far.features).toHaveLength(1);
    expect(far.features?.[0]?.properties).toMatchObject({ cluster: true, point_count: 4, countries: 7 });

    const near = worker.send({ type: 'clusters', request: 2, generation: 1, box: WORLD, zoom: 16 });
    expect(
      near.features?.map((feature) => feature.properties).sort((a, b) => String(a.id).localeCompare(String(b.id))),
    ).toEqual([
      { id: 'riga-1', type: 'postOffice', own: true, countries: 1 },
      { id: 'riga-2', type: 'parcelLocker', own: false, countries: 1 },
      { id: 'tallinn-1', type: 'postOffice', own: true, countries: 4 },
      { id: 'vilnius-1', type: 'parcelLocker', own: false, countries: 2 },
    ]);
  });

  it('tells at which zoom a cluster falls apart', () => {
    const worker = startWorker();
    worker.send({ type: 'prepare', supercluster: '/s.js' });
    worker.send({ type: 'load', generation: 1, points: POINTS });
    const cluster = worker.send({ type: 'clusters', request: 1, generation: 1, box: WORLD, zoom: 0 }).features?.[0];
    const answer = worker.send({
      type: 'expansionZoom',
      request: 2,
      generation: 1,
      clusterId: cluster?.properties.cluster_id,
    });
    expect(answer).toMatchObject({ type: 'expansionZoom', request: 2 });
    expect(answer.zoom).toBeGreaterThan(0);
  });

  it('answers a question about replaced markers as stale, and imports supercluster once', () => {
    const worker = startWorker();
    worker.send({ type: 'prepare', supercluster: '/s.js' });
    worker.send({ type: 'load', generation: 1, points: POINTS });
    worker.send({ type: 'prepare', supercluster: '/s.js' });
    worker.send({ type: 'load', generation: 2, points: POINTS.slice(0, 1) });
    expect(worker.send({ type: 'clusters', request: 3, generation: 1, box: WORLD, zoom: 16 })).toEqual({
      type: 'clusters',
      request: 3,
      stale: true,
    });
    expect(worker.send({ type: 'clusters', request: 4, generation: 2, box: WORLD, zoom: 16 }).features).toHaveLength(1);
    expect(worker.imported).toEqual(['/s.js']);
  });

  it('answers as stale before any load', () => {
    const worker = startWorker();
    expect(worker.send({ type: 'expansionZoom', request: 1, generation: 0, clusterId: 1 })).toEqual({
      type: 'expansionZoom',
      request: 1,
      stale: true,
    });
  });
});

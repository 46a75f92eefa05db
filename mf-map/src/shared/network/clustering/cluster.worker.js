// The map's cluster index (supercluster), built and asked off the page's main thread: for the
// whole network (thousands of places) building it took ~90 ms of a fresh page's main thread, more
// on a phone (issue 18). A classic worker script, served as written (`?url`): a bundled worker
// would carry the federation runtime, which needs the page. Messages (cluster-index.ts):
//   { type: 'prepare', supercluster: URL } (first: supercluster's browser build is imported)
//   { type: 'load', generation, points: [longitude, latitude, id, type, own, countries][] }
//   { type: 'clusters', request, generation, box: [west, south, east, north], zoom }
//   { type: 'expansionZoom', request, generation, clusterId }
// Each answer names its request (or generation, for a load); an answer for an older generation is
// dropped by the page.
let index = null;
let generation = -1;

/** Clusters carry the countries of their places as bits (LV 1, LT 2, EE 4), for the tests and styles. */
function createIndex() {
  return new self.Supercluster({
    radius: 60,
    maxZoom: 15,
    map: (properties) => ({ countries: properties.countries }),
    reduce: (accumulated, properties) => {
      accumulated.countries |= properties.countries;
    },
  });
}

self.onmessage = ({ data }) => {
  if (data.type === 'prepare') {
    if (!self.Supercluster) importScripts(data.supercluster);
  } else if (data.type === 'load') {
    const next = createIndex();
    next.load(
      data.points.map(([longitude, latitude, id, type, own, countries]) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [longitude, latitude] },
        properties: { id, type, own, countries },
      })),
    );
    index = next;
    generation = data.generation;
    self.postMessage({ type: 'loaded', generation });
  } else if (data.generation !== generation || index === null) {
    self.postMessage({ type: data.type, request: data.request, stale: true });
  } else if (data.type === 'clusters') {
    self.postMessage({ type: 'clusters', request: data.request, features: index.getClusters(data.box, data.zoom) });
  } else if (data.type === 'expansionZoom') {
    self.postMessage({
      type: 'expansionZoom',
      request: data.request,
      zoom: index.getClusterExpansionZoom(data.clusterId),
    });
  }
};

import { preloadable } from './preloadable';

/**
 * Leaflet, its CSS, react-leaflet and supercluster: one chunk, named once so that ./App can start
 * it together with the page's own chunk and the markers, and NetworkExplorer renders it as soon as
 * it is there, without Suspense.
 */
export const networkMapChunk = preloadable(() => import('./components/NetworkMap'));

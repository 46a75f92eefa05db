// The tracking embed loader: the one script a page that is not the portal includes to show
// shipment tracking (mf-tracking's `./parcel`). Built by build-embed.mjs; see embed-loader.ts.
import { parcelMounter } from './embed-loader';

export const mount = parcelMounter({ remote: 'mf-tracking', scope: 'mf_tracking' });

declare global {
  interface Window {
    PostalTracking?: { mount: typeof mount };
  }
}
window.PostalTracking = { mount };
// Pages that include this script with `defer` or `async` wait for this event instead of racing it.
window.dispatchEvent(new Event('postal-tracking:ready'));

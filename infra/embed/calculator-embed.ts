// The calculator's embed loader: the one script a page that is not the portal includes to show
// the tariff calculator (mf-calculator's `./parcel`). Built by build-embed.mjs; see embed-loader.ts.
import { parcelMounter } from './embed-loader';

export const mount = parcelMounter({ remote: 'mf-calculator', scope: 'mf_calculator' });

declare global {
  interface Window {
    PostalCalculator?: { mount: typeof mount };
  }
}
window.PostalCalculator = { mount };
// Pages that include this script with `defer` or `async` wait for this event instead of racing it.
window.dispatchEvent(new Event('postal-calculator:ready'));

import type { Locale } from '@portal/shared-contracts';

/** What an embedding page passes to the tracking parcel (`mountRootParcel(parcel, { domElement, ...props })`). */
export interface EmbedProps {
  /** `lv` or `en` (SPEC §1); default English. `parcel.update({ locale })` switches it. */
  locale?: Locale;
  /** Origin of the portal's API, e.g. `https://portal.example.lv`; default the page's own origin. */
  apiBaseUrl?: string;
  /** Where the complaint link leads; default `apiBaseUrl`. */
  portalUrl?: string;
  /** A shipment number to show at once (e.g. from the embedding page's own URL). */
  number?: string;
}

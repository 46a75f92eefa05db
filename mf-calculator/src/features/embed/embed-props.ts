import type { Locale } from '@portal/shared-contracts';

/** What an embedding page passes to the calculator parcel (`mountRootParcel(parcel, { domElement, ...props })`). */
export interface EmbedProps {
  /** `lv` or `en` (SPEC §1); default English. `parcel.update({ locale })` switches it. */
  locale?: Locale;
  /** Origin of the portal's API, e.g. `https://portal.example.lv`; default the page's own origin. */
  apiBaseUrl?: string;
  /** Where "order this" opens the order wizard; default `apiBaseUrl`. */
  portalUrl?: string;
}

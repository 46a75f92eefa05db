import type { EmbedBaseProps } from '@portal/shared-contracts/embed';

/** What an embedding page passes to the tracking parcel (`mountRootParcel(parcel, { domElement, ...props })`). */
export interface EmbedProps extends EmbedBaseProps {
  /** Where the complaint link leads; default `apiBaseUrl`. */
  portalUrl?: string;
  /** A shipment number to show at once (e.g. from the embedding page's own URL). */
  number?: string;
}

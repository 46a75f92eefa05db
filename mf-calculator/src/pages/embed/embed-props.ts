import type { EmbedBaseProps } from '@portal/shared-contracts/embed';

/** What an embedding page passes to the calculator parcel (`mountRootParcel(parcel, { domElement, ...props })`). */
export interface EmbedProps extends EmbedBaseProps {
  /** Where "order this" opens the order wizard; default `apiBaseUrl`. */
  portalUrl?: string;
}

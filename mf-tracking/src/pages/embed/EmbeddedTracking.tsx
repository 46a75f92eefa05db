import { EmbeddedRoot } from '@portal/shared-contracts/embed';
import { useState } from 'react';
import { TrackingLookup, TrackingNumberForm } from '../../features/tracking';
import { catalogues, NAMESPACE } from '../../i18n';
import type { EmbedProps } from './embed-props';

/**
 * Tracking as the parcel mounts it, inside the shared EmbeddedRoot (its own providers, anonymous
 * API client), so the lookup goes to `/api/public/tracking/{number}`. The number lives in the
 * parcel's state: the embedding page's URL is not the parcel's to change.
 */
export default function EmbeddedTracking(props: EmbedProps) {
  const [number, setNumber] = useState(props.number?.trim().toUpperCase() ?? '');
  return (
    <EmbeddedRoot
      locale={props.locale}
      apiBaseUrl={props.apiBaseUrl}
      namespace={NAMESPACE}
      catalogues={catalogues}
      titleKey="card.title"
    >
      <TrackingNumberForm key={number} initialNumber={number} onTrack={setNumber} />
      {number && <TrackingLookup number={number} portalUrl={props.portalUrl ?? props.apiBaseUrl ?? ''} />}
    </EmbeddedRoot>
  );
}

import { useRemoteTranslation } from '@portal/shared-contracts/react';
import { Loader } from '@portal/shared-contracts/ui';
import { lazy, Suspense } from 'react';
import type { LocationPickerProps } from '../features/picker/LocationPickerView';
import { catalogues, NAMESPACE } from '../i18n';

export type { LocationPickerProps, PickedLocation } from '../features/picker/LocationPickerView';

const LocationPickerView = lazy(() => import('../features/picker/LocationPickerView'));

/**
 * `mf-map/LocationPicker`: choose a parcel locker or post office for the order flow.
 *
 *   const LocationPicker = lazy(() => loadRemote('mf-map/LocationPicker'));
 *   <LocationPicker receivingOption="parcelMachine" countryCode="LV" requestId="receiver"
 *                   onPick={({ locationId, label }) => setReceiverLocation(locationId, label)} />
 *
 * The choice arrives through `onPick` and as `location:picked` on the event bus (with `requestId`).
 * Leaflet loads only when the picker renders.
 */
export default function LocationPicker(props: LocationPickerProps) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  return (
    <Suspense fallback={<Loader aria-label={t('loading')} />}>
      <LocationPickerView {...props} />
    </Suspense>
  );
}

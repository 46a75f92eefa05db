import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Stack, Title } from '@portal/shared-contracts/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import {
  NetworkExplorer,
  type ReceivingOption,
  type ServiceLocation,
  typesForReceivingOption,
} from '../../shared/network';

export interface PickedLocation {
  locationId: string;
  label: string;
  location: ServiceLocation;
}

export interface LocationPickerProps {
  /** The workflow's receiving option: parcelMachine, postOffice or parcelMachinePostOffice. */
  receivingOption: ReceivingOption;
  /** Preselects the receiver's country (LV, LT, EE). */
  countryCode?: string;
  /** Called with the chosen place; the same choice is emitted as `location:picked`. */
  onPick?: (picked: PickedLocation) => void;
  /** Echoed in `location:picked` so the order flow can tell its pickers apart. */
  requestId?: string;
}

export function pickedLabel(location: ServiceLocation): string {
  return `${location.name}, ${location.address}`;
}

/** The location picker: the map and list limited to the places the receiving option allows. */
export default function LocationPickerView({
  receivingOption,
  countryCode,
  onPick,
  requestId = '',
}: LocationPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const { events } = usePlatform();
  const [chosen, setChosen] = useState<string | null>(null);
  const types = typesForReceivingOption(receivingOption);
  if (types.length === 0) return <Alert>{t('picker.notNeeded')}</Alert>;
  const choose = (location: ServiceLocation) => {
    const label = pickedLabel(location);
    setChosen(label);
    onPick?.({ locationId: location.id, label, location });
    events.emit('location:picked', { requestId, locationId: location.id, label });
  };
  return (
    <Stack gap="sm" data-testid="location-picker">
      <Title order={2} size="h3">
        {t('picker.title')}
      </Title>
      {chosen && (
        <Alert color="green" data-testid="picked-location">
          {t('picker.chosen', { label: chosen })}
        </Alert>
      )}
      <NetworkExplorer
        fixedTypes={types}
        initialCountry={countryCode?.toUpperCase()}
        onChoose={choose}
        mapHeight={480}
      />
    </Stack>
  );
}

import { type LocationRole, type PlaceFilter, placeFilterNote } from '@portal/shared-contracts/orders';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Stack, Text, Title } from '@portal/shared-contracts/ui';
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
  /**
   * The places the product may use for this role (shared-contracts `placeFilterOf`, issue 40):
   * types, operators, no pick-up-only places for a hand-over, the destination country. Without it,
   * every place of the option's types.
   */
  placeFilter?: PlaceFilter;
  /** Where the place is used: the sender hands over, or the receiver collects (the title says which). */
  role?: LocationRole;
  /** Called with the chosen place; the same choice is emitted as `location:picked`. */
  onPick?: (picked: PickedLocation) => void;
  /** Echoed in `location:picked` so the order flow can tell its pickers apart. */
  requestId?: string;
}

export function pickedLabel(location: ServiceLocation): string {
  return `${location.name}, ${location.address}`;
}

/** The location picker: the map and list limited to the places the product may use. */
export default function LocationPickerView({
  receivingOption,
  countryCode,
  placeFilter,
  role = 'receiving',
  onPick,
  requestId = '',
}: LocationPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const { events, locale } = usePlatform();
  const [chosen, setChosen] = useState<string | null>(null);
  const types = placeFilter?.types ?? typesForReceivingOption(receivingOption);
  if (types.length === 0) return <Alert>{t('picker.notNeeded')}</Alert>;
  const note = placeFilterNote(placeFilter, locale);
  const choose = (location: ServiceLocation) => {
    const label = pickedLabel(location);
    setChosen(label);
    onPick?.({ locationId: location.id, label, location });
    events.emit('location:picked', { requestId, locationId: location.id, label });
  };
  return (
    <Stack gap="sm" data-testid="location-picker">
      <Title order={2} size="h3">
        {t(role === 'transfer' ? 'picker.titleTransfer' : 'picker.title')}
      </Title>
      {note && (
        <Text size="sm" data-testid="picker-note">
          {note}
        </Text>
      )}
      {chosen && (
        <Alert color="green" data-testid="picked-location">
          {t('picker.chosen', { label: chosen })}
        </Alert>
      )}
      <NetworkExplorer
        fixedTypes={types}
        fixedOperators={placeFilter?.operators}
        withoutPickUpOnly={placeFilter?.withoutPickUpOnly}
        fixedCountry={placeFilter?.countryCode ?? undefined}
        initialCountry={countryCode?.toUpperCase()}
        onChoose={choose}
        mapHeight={480}
      />
    </Stack>
  );
}

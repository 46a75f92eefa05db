import { type LocationRole, type PlaceFilter, placeFilterNote, placeTypesOf } from '@portal/shared-contracts/orders';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { locationLabel, locationQuery, locationSearchQuery } from './api';
import type { LocationChoice } from './location-choice';

/** The props of `mf-map/LocationPicker` (mf-map/src/exposes/LocationPicker.tsx). */
interface MapPickerProps {
  receivingOption: string;
  countryCode?: string;
  placeFilter?: PlaceFilter;
  role?: LocationRole;
  requestId: string;
  onPick: (picked: { locationId: string; label: string }) => void;
}

/** The place types a transfer or receiving option allows (the shared rule, as the map applies it). */
export function locationTypes(option: string): string[] {
  return placeTypesOf(option);
}

interface Props {
  /** Tells the choosers of one order apart (`transfer`, `receiver`) in `location:picked`. */
  requestId: string;
  option: string;
  countryCode: string | null;
  value: LocationChoice | null;
  onChange: (choice: LocationChoice | null) => void;
  label: string;
  /** Any place of the type will do: the chooser opens only when asked. */
  optional?: boolean;
  error?: string;
  /** The places the product may use here (shared-contracts `placeFilterOf`); none: every place of the option's types. */
  placeFilter?: PlaceFilter;
  /** What an optional chooser says before it opens; by default the wizard's post-office texts. */
  optionalTexts?: { anyPlace: string; choose: string };
  /** Where the place is used; by default a `transfer` chooser hands over, any other is where the receiver collects. */
  placeRole?: LocationRole;
}

/**
 * A parcel locker or post office for the order: the map's location picker (`mf-map/LocationPicker`,
 * mounted by the shell) and, when the map is off or fails, a searchable list.
 */
export function LocationChooser({
  requestId,
  option,
  countryCode,
  value,
  onChange,
  label,
  optional,
  error,
  placeFilter,
  placeRole = requestId === 'transfer' ? 'transfer' : 'receiving',
  optionalTexts,
}: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { api, RemoteComponent, events } = usePlatform();
  const [changing, setChanging] = useState(value === null && !optional);
  // A choice read back from a saved order carries only its id: show the place by name.
  const saved = useQuery(locationQuery(api, value && value.label === value.id ? value.id : null));
  const shownLabel = saved.data ? locationLabel(saved.data) : value?.label;

  // The picker also announces its choice on the bus; either way arrives here once.
  useEffect(
    () =>
      events.on('location:picked', (picked) => {
        if (picked.requestId !== requestId) return;
        onChange({ id: picked.locationId, label: picked.label });
        setChanging(false);
      }),
    [events, requestId, onChange],
  );

  const chooseFromList = (choice: LocationChoice | null) => {
    onChange(choice);
    if (choice) setChanging(false);
  };
  const list = (
    <LocationList
      option={option}
      countryCode={countryCode}
      label={label}
      onChange={chooseFromList}
      invalid={!!error}
      placeFilter={placeFilter}
    />
  );
  return (
    <Stack gap="xs" data-testid={`location-${requestId}`}>
      <Text fw={500} size="sm">
        {label}
      </Text>
      {/* Beside the chooser whichever shape it has (the map picker showed none: issue 40). */}
      {error && (
        <Text c="red" size="xs" role="alert" data-testid={`location-error-${requestId}`}>
          {error}
        </Text>
      )}
      {optional && !value && !changing && (
        // Wraps: the Latvian button's text did not fit beside the sentence at 390 px and was cut.
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">{optionalTexts?.anyPlace ?? t('location.anyPlace')}</Text>
          <Button variant="subtle" onClick={() => setChanging(true)} data-testid={`choose-location-${requestId}`}>
            {optionalTexts?.choose ?? t('location.chooseOptional')}
          </Button>
        </Group>
      )}
      {value && (
        <Group justify="space-between" wrap="nowrap">
          <Alert color="green" p="xs" style={{ flex: 1 }} data-testid={`chosen-location-${requestId}`}>
            {shownLabel}
          </Alert>
          {!changing && (
            <Button variant="subtle" onClick={() => setChanging(true)}>
              {t('location.change')}
            </Button>
          )}
        </Group>
      )}
      {changing &&
        (RemoteComponent ? (
          <RemoteComponent<MapPickerProps>
            remote="mf-map"
            expose="./LocationPicker"
            props={{
              receivingOption: option,
              countryCode: countryCode ?? undefined,
              ...(placeFilter ? { placeFilter } : {}),
              role: placeRole,
              requestId,
              // The choice comes through the bus listener above.
              onPick: () => {},
            }}
            fallback={list}
          />
        ) : (
          list
        ))}
    </Stack>
  );
}

/** The list fallback: type two letters of a name, address, city or post code, then choose. */
function LocationList({
  option,
  countryCode,
  label,
  onChange,
  invalid,
  placeFilter,
}: Pick<Props, 'option' | 'countryCode' | 'label' | 'onChange' | 'placeFilter'> & { invalid: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, locale } = usePlatform();
  const [query, setQuery] = useState('');
  const types = placeFilter?.types ?? locationTypes(option);
  const found = useQuery(
    locationSearchQuery(api, {
      query,
      types,
      countryCode: placeFilter?.countryCode ?? countryCode,
      operators: placeFilter?.operators,
      withoutPickUpOnly: placeFilter?.withoutPickUpOnly,
    }),
  );
  const options = (found.data ?? []).map((item) => ({
    value: item.id,
    label: `${item.name}, ${item.address}, ${item.city}`,
  }));
  const note = placeFilterNote(placeFilter, locale);
  return (
    <Stack gap="xs" data-testid="location-list">
      {note && (
        <Text size="sm" data-testid="location-list-note">
          {note}
        </Text>
      )}
      <TextInput label={t('location.search')} value={query} onChange={(event) => setQuery(event.currentTarget.value)} />
      <Select
        label={label}
        data={options}
        placeholder={found.isFetching ? t('location.searching') : t('location.choose')}
        nothingFoundMessage={t('location.nothingFound')}
        onChange={(id) => {
          const chosen = options.find((item) => item.value === id);
          onChange(chosen ? { id: chosen.value, label: chosen.label } : null);
        }}
        // The message is above, beside the whole chooser: the field is only marked.
        error={invalid}
      />
    </Stack>
  );
}

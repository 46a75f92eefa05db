import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { catalogues, NAMESPACE } from '../../../i18n';

/** The props of `mf-map/LocationPicker` (mf-map/src/exposes/LocationPicker.tsx). */
interface MapPickerProps {
  receivingOption: string;
  countryCode?: string;
  requestId: string;
  onPick: (picked: { locationId: string; label: string }) => void;
}

/** Tells this picker's `location:picked` from the order wizard's. */
const REQUEST_ID = 'return-parcel-locker';

interface Props {
  value: string;
  onChange: (label: string) => void;
  error?: string;
}

/**
 * The return parcel locker of the sender profile (SPEC §3): chosen with the map's location picker
 * (`mf-map/LocationPicker`, mounted by the shell as the order wizard mounts it) limited to parcel
 * lockers; when the map is off or fails, a searchable list of lockers.
 */
export function ReturnLockerChooser({ value, onChange, error }: Props) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { RemoteComponent, events } = usePlatform();
  const [choosing, setChoosing] = useState(false);

  // The picker announces its choice on the bus.
  useEffect(
    () =>
      events.on('location:picked', (picked) => {
        if (picked.requestId !== REQUEST_ID) return;
        onChange(picked.label);
        setChoosing(false);
      }),
    [events, onChange],
  );

  const list = (
    <LockerList
      onChange={(label) => {
        onChange(label);
        setChoosing(false);
      }}
    />
  );
  return (
    <Stack gap="xs" data-testid="return-locker">
      <Text fw={500} size="sm" id="return-locker-label">
        {t('settings.myData.returnParcelLocker')}
      </Text>
      <Group justify="space-between" wrap="nowrap">
        {value ? (
          <Alert color="green" p="xs" style={{ flex: 1 }} data-testid="return-locker-chosen">
            {value}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed" style={{ flex: 1 }}>
            {t('settings.myData.noReturnLocker')}
          </Text>
        )}
        {!choosing && (
          <Group gap="xs" wrap="nowrap">
            <Button variant="light" onClick={() => setChoosing(true)} data-testid="return-locker-choose">
              {value ? t('settings.myData.changeLocker') : t('settings.myData.chooseLocker')}
            </Button>
            {value && (
              <Button variant="subtle" color="red" onClick={() => onChange('')}>
                {t('settings.myData.removeLocker')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {error && (
        <Text c="red" size="xs" role="alert">
          {error}
        </Text>
      )}
      {choosing && (
        <Stack gap="xs">
          {RemoteComponent ? (
            <RemoteComponent<MapPickerProps>
              remote="mf-map"
              expose="./LocationPicker"
              props={{
                receivingOption: 'parcelMachine',
                requestId: REQUEST_ID,
                // The choice comes through the bus listener above.
                onPick: () => {},
              }}
              fallback={list}
            />
          ) : (
            list
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setChoosing(false)}>
              {t('settings.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

/** The list fallback: type two letters of a name, address, city or post code, then choose. */
function LockerList({ onChange }: { onChange: (label: string) => void }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { api } = usePlatform();
  const [query, setQuery] = useState('');
  const found = useQuery({
    queryKey: ['service-locations', 'return-lockers', query],
    queryFn: ({ signal }) =>
      api.GET('/api/service_locations', {
        query: { q: query, type: 'parcelLocker', itemsPerPage: 30 },
        signal,
      }),
    enabled: query.trim().length >= 2,
  });
  const options = (found.data?.['hydra:member'] ?? []).map((item) => ({
    value: item.id,
    label: `${item.name}, ${item.address}`,
  }));
  return (
    <Stack gap="xs" data-testid="return-locker-list">
      <TextInput
        label={t('settings.myData.searchLocker')}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      <Select
        label={t('settings.myData.returnParcelLocker')}
        data={options}
        nothingFoundMessage={t('settings.myData.noLockerFound')}
        onChange={(id) => {
          const chosen = options.find((option) => option.value === id);
          if (chosen) onChange(chosen.label);
        }}
      />
    </Stack>
  );
}

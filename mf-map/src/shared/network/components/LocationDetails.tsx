import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { useServiceLocation } from '../api';
import type { ServiceLocation } from '../model';
import { OpeningHours } from './OpeningHours';

/** The details panel of one place: type, operator, address, hours; in the picker a choose button. */
export function LocationDetails({
  id,
  onClose,
  onChoose,
}: {
  id: string;
  onClose: () => void;
  onChoose?: (location: ServiceLocation) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = usePlatform();
  const { data: location, isPending, isError } = useServiceLocation(id);
  // On a phone the panel is below the map: bring the details into view when a place is chosen
  // (on the map or in the results); where they are already visible nothing moves.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (location?.id === id) panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [id, location?.id]);
  if (isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (isError || !location) return <Alert color="red">{t('details.failed')}</Alert>;
  return (
    <Paper
      ref={panel}
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="location-details-title"
      data-testid="location-details"
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id="location-details-title">
          {location.name}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`types.${location.type}`)} · {location.operator}
          {location.ownNetwork ? ` · ${t('details.ownNetwork')}` : ''}
        </Text>
        {!location.active && <Alert color="yellow">{t('details.retired')}</Alert>}
        {location.pickUpOnly && (
          <Text size="sm" data-testid="pick-up-only">
            {t('details.pickUpOnly')}
          </Text>
        )}
        <div>
          <Text size="sm" fw={600}>
            {t('details.address')}
          </Text>
          <Text size="sm">{location.address}</Text>
          <Text size="sm">
            {[location.postCode, location.city].filter(Boolean).join(' ')}, {t(`countries.${location.countryCode}`)}
          </Text>
        </div>
        <div>
          <Text size="sm" fw={600}>
            {t('details.hours')}
          </Text>
          <OpeningHours schedule={location.openingSchedule} text={location.openingHours} locale={locale} />
          {location.openingSchedule?.wheelchairAccess && <Text size="sm">{t('details.wheelchair')}</Text>}
        </div>
        <Group gap="sm">
          {onChoose && location.active && <Button onClick={() => onChoose(location)}>{t('picker.choose')}</Button>}
          <Button variant="default" onClick={onClose}>
            {t('details.close')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

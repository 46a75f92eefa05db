import { toDisplayDate, toDisplayDateTime } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import type { TrackingAnswer, TrackingPlace } from '@portal/shared-contracts/tracking';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import './timeline.css';
import { countryNamer, statusColour } from '../model';

/** Secondary text: Mantine's `dimmed` grey is below WCAG AA contrast on white (3.3:1); gray.7 is 7.5:1. */
const MUTED = 'gray.7';

const complaintPath = (number: string) => `/complaint?shipmentNumber=${encodeURIComponent(number)}`;

function placeLine(place: TrackingPlace, countryName: (code: string) => string): string {
  return [place.name, place.address, countryName(place.countryCode)].filter(Boolean).join(', ');
}

/**
 * One shipment's journey: status, expected delivery, where to collect it, and every scan.
 * `portalUrl`: outside the portal (the embedded parcel has no router) the complaint link is a
 * plain link to the portal at that origin.
 */
export function TrackingResult({ answer, portalUrl }: { answer: TrackingAnswer; portalUrl?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = usePlatform();
  const countryName = countryNamer(locale);
  const headingId = `tracking-${answer.number}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid="tracking-result">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id={headingId}>
            {answer.number}
          </Title>
          <Badge size="lg" color={statusColour(answer.status)} data-testid="tracking-status">
            {t(`status.${answer.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c={MUTED}>
          {t('result.statusSince', { date: toDisplayDateTime(answer.statusDate) })}
        </Text>
        {answer.expectedDelivery && (
          <Text data-testid="expected-delivery">
            {t('result.expectedDelivery', { date: toDisplayDate(answer.expectedDelivery) })}
          </Text>
        )}
        {answer.returnOf && <Text data-testid="return-of">{t('result.returnOf', { number: answer.returnOf })}</Text>}
        {answer.returnBarcode && (
          <Text data-testid="return-made">{t('result.returnMade', { number: answer.returnBarcode })}</Text>
        )}
        {answer.deliveryPlace && (
          <Text data-testid="delivery-place">
            {t('result.deliveryPlace', { place: placeLine(answer.deliveryPlace, countryName) })}
          </Text>
        )}
        <Title order={3} size="h4">
          {t('result.journey')}
        </Title>
        {answer.events.length === 0 ? (
          <Text>{t('result.noEvents')}</Text>
        ) : (
          <ol className="mf-tracking-timeline" data-testid="tracking-timeline">
            {answer.events.map((event, index) => (
              <li key={event.id} data-status={event.status}>
                <Text fw={index === 0 ? 700 : 400}>{event.text}</Text>
                <Text size="sm" c={MUTED}>
                  <time dateTime={event.occurredAt}>{toDisplayDateTime(event.occurredAt)}</time>
                  {event.place ? ` · ${placeLine(event.place, countryName)}` : ''}
                </Text>
                {event.note && <Text size="sm">{event.note}</Text>}
              </li>
            ))}
          </ol>
        )}
        {portalUrl === undefined ? (
          <Anchor component={Link} to={complaintPath(answer.number)}>
            {t('result.complaint')}
          </Anchor>
        ) : (
          <Anchor href={`${portalUrl}${complaintPath(answer.number)}`}>{t('result.complaint')}</Anchor>
        )}
      </Stack>
    </Paper>
  );
}

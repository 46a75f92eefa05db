import { type FieldMessages, fieldErrorsOf, messagesByField, toDisplayDateTime } from '@portal/shared-contracts';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookEndpointViolations,
} from '@portal/shared-contracts/webhooks';
import { type FormEvent, useState } from 'react';
import { catalogues, NAMESPACE } from '../../../i18n';
import { saidOf, settingsField } from '../violations';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useResendWebhookDelivery,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from './webhooks-api';

const STATUS_COLOURS = { pending: 'yellow', delivered: 'green', failed: 'red' } as const;

/**
 * Webhooks (issue 20 item 3) of a company account, for its main administrators (the API answers
 * nobody else): the endpoints with their events, a new one (its signing secret shown once), and
 * each endpoint's deliveries with their attempts and a re-send button.
 */
export function WebhooksSection({ accountId }: { accountId: number }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { translateServerMessage } = usePlatform();
  const { data, error, isPending } = useWebhookEndpoints(accountId);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);

  return (
    <Paper withBorder p="md" data-testid="webhooks-section">
      <Title order={2} size="h4" mb="xs">
        {t('settings.webhooks.title')}
      </Title>
      <Stack gap="md">
        <Text size="sm">{t('settings.webhooks.intro')}</Text>
        {isPending && <Loader aria-label={t('settings.loading')} />}
        {error && (
          <Alert color="red" role="alert">
            {translateServerMessage(saidOf(error))}
          </Alert>
        )}
        {secret && (
          <Alert color="blue" role="status" title={t('settings.webhooks.secretTitle')} data-testid="webhook-secret">
            <Stack gap="xs">
              <Text size="sm">{t('settings.webhooks.secretOnce', { url: secret.url })}</Text>
              <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                {secret.secret}
              </Text>
              <Group>
                <Button size="xs" variant="light" onClick={() => setSecret(null)}>
                  {t('settings.webhooks.secretCopied')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {data && data['hydra:member'].length === 0 && <Text size="sm">{t('settings.webhooks.none')}</Text>}
        {data?.['hydra:member'].map((endpoint) => (
          <EndpointCard key={endpoint.id} accountId={accountId} endpoint={endpoint} />
        ))}
        <AddEndpointForm accountId={accountId} onCreated={(url, created) => setSecret({ url, secret: created })} />
      </Stack>
    </Paper>
  );
}

function EndpointCard({ accountId, endpoint }: { accountId: number; endpoint: WebhookEndpoint }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { notify, translateServerMessage } = usePlatform();
  const remove = useDeleteWebhookEndpoint(accountId);
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder p="sm" data-testid={`webhook-endpoint-${endpoint.id}`}>
      <Stack gap="xs">
        <Text fw={600} style={{ wordBreak: 'break-all' }}>
          {endpoint.url}
        </Text>
        <Group gap="xs">
          {endpoint.events.map((event) => (
            <Badge key={event} variant="light">
              {t(`settings.webhooks.event.${event}`)}
            </Badge>
          ))}
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="light" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('settings.webhooks.hideDeliveries') : t('settings.webhooks.showDeliveries')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={t('settings.webhooks.deleteNamed', { url: endpoint.url })}
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(endpoint.id, {
                onSuccess: () => notify('success', t('settings.webhooks.deleted')),
                onError: (failure) => notify('error', translateServerMessage(saidOf(failure))),
              })
            }
          >
            {t('settings.delete')}
          </Button>
        </Group>
        {open && <Deliveries accountId={accountId} endpointId={endpoint.id} />}
      </Stack>
    </Paper>
  );
}

function Deliveries({ accountId, endpointId }: { accountId: number; endpointId: number }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { notify, translateServerMessage } = usePlatform();
  const { data, error, isPending } = useWebhookDeliveries(accountId, endpointId);
  const resend = useResendWebhookDelivery(accountId, endpointId);
  if (isPending) return <Loader aria-label={t('settings.loading')} />;
  if (error || !data) {
    return (
      <Alert color="red" role="alert">
        {translateServerMessage(saidOf(error))}
      </Alert>
    );
  }
  if (data['hydra:member'].length === 0) return <Text size="sm">{t('settings.webhooks.noDeliveries')}</Text>;
  return (
    <Table data-testid="webhook-deliveries" aria-label={t('settings.webhooks.deliveries')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('settings.webhooks.created')}</Table.Th>
          <Table.Th>{t('settings.webhooks.eventLabel')}</Table.Th>
          <Table.Th>{t('settings.webhooks.shipment')}</Table.Th>
          <Table.Th>{t('settings.webhooks.deliveryStatus')}</Table.Th>
          <Table.Th>{t('settings.webhooks.attempts')}</Table.Th>
          <Table.Th>{t('settings.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data['hydra:member'].map((delivery) => (
          <Table.Tr key={delivery.id} data-testid={`webhook-delivery-${delivery.id}`}>
            <Table.Td>{toDisplayDateTime(delivery.createdAt)}</Table.Td>
            <Table.Td>{eventText(t, delivery)}</Table.Td>
            <Table.Td>{delivery.shipmentNumber}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={STATUS_COLOURS[delivery.status]}>
                {t(`settings.webhooks.status.${delivery.status}`)}
              </Badge>
              {delivery.nextAttemptAt && delivery.attempts.length > 0 && (
                <Text size="xs">
                  {t('settings.webhooks.nextAttempt', { time: toDisplayDateTime(delivery.nextAttemptAt) })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {delivery.attempts.length === 0 ? (
                <Text size="sm">—</Text>
              ) : (
                <Stack gap={2}>
                  {delivery.attempts.map((attempt) => (
                    <Text key={attempt.at} size="xs">
                      {attemptText(t, translateServerMessage, attempt)}
                    </Text>
                  ))}
                </Stack>
              )}
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="subtle"
                aria-label={t('settings.webhooks.resendNamed', { id: delivery.id })}
                loading={resend.isPending && resend.variables === delivery.id}
                onClick={() =>
                  resend.mutate(delivery.id, {
                    onSuccess: () => notify('success', t('settings.webhooks.resent')),
                    onError: (failure) => notify('error', translateServerMessage(saidOf(failure))),
                  })
                }
              >
                {t('settings.webhooks.resend')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

function eventText(t: Translate, delivery: WebhookDelivery): string {
  const event = t(`settings.webhooks.event.${delivery.eventType}`);
  return delivery.shipmentStatus
    ? `${event}: ${t(`settings.webhooks.shipmentStatus.${delivery.shipmentStatus}`)}`
    : event;
}

function attemptText(t: Translate, translate: (message: string) => string, attempt: WebhookAttempt): string {
  const outcome = attempt.error ? translate(attempt.error) : `HTTP ${attempt.statusCode}`;
  return t('settings.webhooks.attempt', {
    time: toDisplayDateTime(attempt.at),
    outcome,
    duration: attempt.durationMs,
  });
}

function AddEndpointForm({
  accountId,
  onCreated,
}: {
  accountId: number;
  onCreated: (url: string, secret: string) => void;
}) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { notify, translateServerMessage } = usePlatform();
  const create = useCreateWebhookEndpoint(accountId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [errors, setErrors] = useState<FieldMessages>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { url: url.trim(), events };
    const found = messagesByField(webhookEndpointViolations(body), settingsField);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, {
      onSuccess: (created) => {
        setUrl('');
        onCreated(created.url, created.secret);
      },
      onError: (failure) => {
        const violations = fieldErrorsOf(failure, settingsField);
        if (violations) setErrors(violations);
        else notify('error', translateServerMessage(saidOf(failure)));
      },
    });
  };
  const error = (name: string) => (errors[name] ? translateServerMessage(errors[name]) : undefined);
  return (
    <form noValidate onSubmit={submit} aria-label={t('settings.webhooks.add')} data-testid="add-webhook-endpoint">
      <Title order={3} size="h5" mb="xs">
        {t('settings.webhooks.add')}
      </Title>
      <Stack gap="sm">
        <TextInput
          label={t('settings.webhooks.url')}
          description={t('settings.webhooks.urlHint')}
          type="url"
          required
          value={url}
          onChange={(change) => setUrl(change.currentTarget.value)}
          error={error('url')}
        />
        <Checkbox.Group
          label={t('settings.webhooks.events')}
          value={events}
          onChange={(chosen) => setEvents(chosen as WebhookEventType[])}
          error={error('events')}
        >
          <Stack gap={4} mt={4}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(`settings.webhooks.event.${type}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('settings.webhooks.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

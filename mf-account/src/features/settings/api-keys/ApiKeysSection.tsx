import { type FieldMessages, fieldErrorsOf, messagesByField, toDisplayDateTime } from '@portal/shared-contracts';
import {
  API_KEY_SCOPES,
  type ApiKey,
  type ApiKeyScope,
  apiKeyViolations,
  type CreatedApiKey,
  ROLE_MAIN_ADMIN,
} from '@portal/shared-contracts/account';
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
import { type FormEvent, useState } from 'react';
import { catalogues, NAMESPACE } from '../../../i18n';
import { saidOf, settingsField } from '../violations';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api-keys-api';

/** Mantine's default hint grey is below the 4.5:1 contrast of WCAG AA on white (axe). */
const READABLE = 'gray.7';

/**
 * API keys of the active company account (issue 20 item 2), for its main administrators only (the
 * API refuses everyone else): the keys with their scopes and last use, a form that makes one and
 * shows it once, and revoking with a confirmation.
 */
export function ApiKeysSection() {
  const { session } = usePlatform();
  const account = session?.activeAccount;
  const role = session?.user?.userAccounts.find((link) => link.account.id === account?.id)?.role;
  if (account?.type !== 'company' || role !== ROLE_MAIN_ADMIN) return null;
  return <ApiKeys accountId={account.id} />;
}

function ApiKeys({ accountId }: { accountId: number }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { translateServerMessage } = usePlatform();
  const { data, error, isPending } = useApiKeys(accountId);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <Paper withBorder p="md" data-testid="api-keys">
      <Title order={2} size="h4" mb="xs">
        {t('settings.apiKeys.title')}
      </Title>
      <Stack gap="md">
        <Text size="sm">{t('settings.apiKeys.intro')}</Text>
        {created && <NewKey created={created} onDone={() => setCreated(null)} />}
        {isPending ? (
          <Loader aria-label={t('settings.loading')} />
        ) : error || !data ? (
          <Alert color="red" role="alert">
            {translateServerMessage(saidOf(error))}
          </Alert>
        ) : (
          <KeyTable accountId={accountId} keys={data['hydra:member']} />
        )}
        <CreateKeyForm accountId={accountId} onCreated={setCreated} />
      </Stack>
    </Paper>
  );
}

/** The key just made: shown this once, with a copy button and the warning that it will not be shown again. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(created.key);
    setCopied(true);
  };
  return (
    <Alert color="yellow" role="status" title={t('settings.apiKeys.createdTitle', { name: created.name })}>
      <Stack gap="xs">
        <Text size="sm">{t('settings.apiKeys.shownOnce')}</Text>
        <TextInput
          label={t('settings.apiKeys.theKey')}
          value={created.key}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          data-testid="new-api-key"
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Group gap="sm">
          <Button size="xs" onClick={() => void copy()}>
            {copied ? t('settings.apiKeys.copied') : t('settings.apiKeys.copy')}
          </Button>
          <Button size="xs" variant="default" onClick={onDone}>
            {t('settings.apiKeys.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function KeyTable({ accountId, keys }: { accountId: number; keys: ApiKey[] }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { notify, translateServerMessage } = usePlatform();
  const revoke = useRevokeApiKey(accountId);
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  if (keys.length === 0) return <Text size="sm">{t('settings.apiKeys.none')}</Text>;
  const when = (value: string | null) => (value ? toDisplayDateTime(value) : t('settings.apiKeys.never'));

  return (
    <>
      <Table data-testid="api-key-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.apiKeys.name')}</Table.Th>
            <Table.Th>{t('settings.apiKeys.scopes')}</Table.Th>
            <Table.Th>{t('settings.apiKeys.created')}</Table.Th>
            <Table.Th>{t('settings.apiKeys.lastUsed')}</Table.Th>
            <Table.Th>{t('settings.apiKeys.state')}</Table.Th>
            <Table.Th>{t('settings.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id} data-testid={`api-key-${key.id}`}>
              <Table.Td>
                <Text size="sm">
                  {key.name}{' '}
                  {key.mode === 'test' && (
                    <Badge color="yellow" size="xs" variant="light">
                      {t('settings.apiKeys.testBadge')}
                    </Badge>
                  )}
                </Text>
                <Text size="xs" c={READABLE} ff="monospace">
                  {key.prefix}…
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {key.scopes.map((scope) => (
                    <Badge key={scope} variant="light">
                      {t(`settings.apiKeys.scope.${scope}`)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{toDisplayDateTime(key.createdAt)}</Table.Td>
              <Table.Td>
                {when(key.lastUsedAt)}
                {key.recentUses[0] && (
                  <Text size="xs" c={READABLE}>
                    {`${key.recentUses[0].method} ${key.recentUses[0].route} → ${key.recentUses[0].status}`}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {key.revokedAt ? (
                  <Badge color="gray">
                    {t('settings.apiKeys.revokedOn', { date: toDisplayDateTime(key.revokedAt) })}
                  </Badge>
                ) : (
                  <Badge color="green">{t('settings.apiKeys.active')}</Badge>
                )}
              </Table.Td>
              <Table.Td>
                {!key.revokedAt && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('settings.apiKeys.revokeNamed', { name: key.name })}
                    onClick={() => setConfirming(key)}
                  >
                    {t('settings.apiKeys.revoke')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {confirming && (
        <Alert color="red" role="alertdialog" aria-labelledby="api-key-revoke-question" data-testid="api-key-revoke">
          <Text id="api-key-revoke-question" size="sm" mb="xs">
            {t('settings.apiKeys.confirmRevoke', { name: confirming.name })}
          </Text>
          <Group gap="sm">
            <Button
              size="xs"
              color="red"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(confirming.id, {
                  onSuccess: () => {
                    setConfirming(null);
                    notify('success', t('settings.apiKeys.revoked'));
                  },
                  onError: (failure) => notify('error', translateServerMessage(saidOf(failure))),
                })
              }
            >
              {t('settings.apiKeys.confirm')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
              {t('settings.cancel')}
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}

function CreateKeyForm({ accountId, onCreated }: { accountId: number; onCreated: (key: CreatedApiKey) => void }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { notify, translateServerMessage } = usePlatform();
  const create = useCreateApiKey(accountId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [testMode, setTestMode] = useState(false);
  const [errors, setErrors] = useState<FieldMessages>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = messagesByField(apiKeyViolations({ name, scopes }), settingsField);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      // A test key (issue 38) makes sandbox orders only test keys see; live is the API's default.
      { name: name.trim(), scopes, ...(testMode ? { mode: 'test' as const } : {}) },
      {
        onSuccess: (key) => {
          setName('');
          setScopes([]);
          setTestMode(false);
          onCreated(key);
        },
        onError: (failure) => {
          const violations = fieldErrorsOf(failure, settingsField);
          // `scopes[0]` and the like belong beside the checkboxes.
          if (violations) {
            setErrors(
              Object.fromEntries(
                Object.entries(violations).map(([path, message]) => [path.replace(/\[\d+\]$/, ''), message]),
              ),
            );
          } else notify('error', translateServerMessage(saidOf(failure)));
        },
      },
    );
  };
  const error = (field: string) => (errors[field] ? translateServerMessage(errors[field]) : undefined);

  return (
    <form noValidate onSubmit={submit} aria-label={t('settings.apiKeys.createTitle')} data-testid="create-api-key">
      <Title order={3} size="h5" mb="xs">
        {t('settings.apiKeys.createTitle')}
      </Title>
      <Stack gap="sm">
        <TextInput
          label={t('settings.apiKeys.name')}
          description={t('settings.apiKeys.nameHint')}
          descriptionProps={{ c: READABLE }}
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error('name')}
        />
        <Checkbox.Group
          label={t('settings.apiKeys.scopes')}
          required
          value={scopes}
          onChange={(value) => setScopes(value as ApiKeyScope[])}
          error={error('scopes')}
        >
          <Stack gap={6} mt={6}>
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={t(`settings.apiKeys.scope.${scope}`)}
                description={t(`settings.apiKeys.scopeHint.${scope}`)}
                styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Checkbox
          checked={testMode}
          onChange={(event) => setTestMode(event.currentTarget.checked)}
          label={t('settings.apiKeys.testMode')}
          description={t('settings.apiKeys.testModeHint')}
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t('settings.apiKeys.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

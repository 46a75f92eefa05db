import { type FieldMessages, fieldErrorsOf, messagesByField } from '@portal/shared-contracts';
import {
  hsCodeDigits,
  MAX_SAVED_HS_CODE_DESCRIPTION,
  type SavedHsCode,
  savedHsCodeViolations,
} from '@portal/shared-contracts/account';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@portal/shared-contracts/ui';
import { Autocomplete } from '@portal/shared-contracts/ui/overlays';
import { Table } from '@portal/shared-contracts/ui/table';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { catalogues, NAMESPACE } from '../../../i18n';
import {
  type HsCodeItem,
  isSearchable,
  useDeleteHsCode,
  useHsCodeSearch,
  useSavedHsCodes,
  useSaveHsCode,
  useUpdateHsCode,
} from '../api';
import { messageOf, saidOf, settingsField } from '../violations';

/** Typing pauses this long before the search goes out. */
const SEARCH_DELAY_MS = 250;

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const nameIn = (locale: string, english: string, latvian: string | null) => (locale === 'lv' && latvian) || english;

/**
 * The Product classification tab (SPEC §1 saved HS codes, §5 goods code unique per account): the
 * account's goods codes, each with the user's own description, found with the HS search. The
 * order wizard's content step offers them before the nomenclature's codes.
 */
export function ProductClassificationTab() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { session, translateServerMessage, locale } = usePlatform();
  const accountId = session?.activeAccount?.id ?? 0;
  const saved = useSavedHsCodes(accountId);
  const codes = saved.data?.['hydra:member'] ?? [];
  return (
    <Stack gap="lg">
      <AddCodeForm accountId={accountId} savedCodes={codes.map((item) => item.code)} />
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('settings.hsCodes.savedTitle')}
        </Title>
        {saved.isPending ? (
          <Loader aria-label={t('settings.loading')} />
        ) : saved.error ? (
          <Alert color="red" role="alert">
            {translateServerMessage(saidOf(saved.error))}
          </Alert>
        ) : codes.length === 0 ? (
          <Text data-testid="saved-hs-codes-empty">{t('settings.hsCodes.empty')}</Text>
        ) : (
          <Table data-testid="saved-hs-codes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.hsCodes.code')}</Table.Th>
                <Table.Th>{t('settings.hsCodes.description')}</Table.Th>
                <Table.Th>{t('settings.hsCodes.goods')}</Table.Th>
                <Table.Th>{t('settings.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {codes.map((item) => (
                <SavedCodeRow key={item.id} accountId={accountId} item={item} locale={locale} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}

function AddCodeForm({ accountId, savedCodes }: { accountId: number; savedCodes: string[] }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { notify, translateServerMessage, locale } = usePlatform();
  const save = useSaveHsCode(accountId);
  const [text, setText] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const search = useDebounced(text, SEARCH_DELAY_MS);
  const found = useHsCodeSearch(search);
  const items = (isSearchable(text) && found.data?.['hydra:member']) || [];
  const byCode = useMemo(() => new Map(items.map((item: HsCodeItem) => [item.code, item])), [items]);
  // Only subheadings (6 digits) go on a customs declaration; chapters and headings narrow the search.
  const options = items.filter((item) => item.level === 6).map((item) => item.code);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = hsCodeDigits(text);
    const problems = messagesByField(savedHsCodeViolations({ code, description }, savedCodes), settingsField);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(
      { code, description: description.trim() },
      {
        onSuccess: () => {
          setText('');
          setDescription('');
          notify('success', t('settings.hsCodes.saved'));
        },
        onError: (failure) => {
          const violations = fieldErrorsOf(failure, settingsField);
          if (violations) setErrors(violations);
          else notify('error', translateServerMessage(saidOf(failure)));
        },
      },
    );
  };
  const error = (name: string) => (errors[name] ? translateServerMessage(errors[name]) : undefined);
  let status: string | null = null;
  if (isSearchable(search) && search === text && !found.isFetching) {
    if (found.data?.tooMany) status = t('settings.hsCodes.tooMany');
    else if (found.data && options.length === 0) status = t('settings.hsCodes.nothingFound');
  }

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate data-testid="add-hs-code">
      <Title order={2} size="h4" mb="sm">
        {t('settings.hsCodes.addTitle')}
      </Title>
      <Stack gap="sm">
        <Autocomplete
          label={t('settings.hsCodes.code')}
          description={t('settings.hsCodes.codeHint')}
          value={text}
          onChange={setText}
          data={options}
          filter={({ options: shown }) => shown}
          renderOption={({ option }) => {
            const item = byCode.get(option.value);
            return (
              <div>
                <Text size="sm" fw={600} component="span">
                  {option.value}
                </Text>
                {item && (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {nameIn(locale, item.description, item.descriptionLv)}
                  </Text>
                )}
              </div>
            );
          }}
          maxDropdownHeight={320}
          error={error('code')}
          required
          spellCheck={false}
          autoComplete="off"
          data-testid="hs-code-search"
        />
        <Text size="xs" c="dimmed" role="status" aria-live="polite">
          {status}
        </Text>
        <TextInput
          label={t('settings.hsCodes.description')}
          description={t('settings.hsCodes.descriptionHint', { max: MAX_SAVED_HS_CODE_DESCRIPTION })}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={error('description')}
          required
          data-testid="hs-code-description"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="hs-code-save">
            {t('settings.hsCodes.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function SavedCodeRow({ accountId, item, locale }: { accountId: number; item: SavedHsCode; locale: string }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { notify, translateServerMessage } = usePlatform();
  const update = useUpdateHsCode(accountId);
  const remove = useDeleteHsCode(accountId);
  const [editing, setEditing] = useState(false);
  const [description, setDescription] = useState(item.description);
  const [error, setError] = useState<string | null>(null);

  const saveDescription = () => {
    const problem = savedHsCodeViolations({ description })[0];
    if (problem) {
      setError(problem.message);
      return;
    }
    update.mutate(
      { id: item.id, description: description.trim() },
      {
        onSuccess: () => {
          setEditing(false);
          setError(null);
        },
        onError: (failure) => setError(fieldErrorsOf(failure, settingsField)?.description ?? messageOf(failure)),
      },
    );
  };
  return (
    <Table.Tr data-testid="saved-hs-code">
      <Table.Td>
        <Text fw={600}>{item.code}</Text>
      </Table.Td>
      <Table.Td>
        {editing ? (
          <TextInput
            label={t('settings.hsCodes.description')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={error ? translateServerMessage(error) : undefined}
          />
        ) : (
          item.description
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{nameIn(locale, item.hsDescription, item.hsDescriptionLv)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {editing ? (
            <>
              <Button size="xs" onClick={saveDescription} loading={update.isPending}>
                {t('settings.save')}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setEditing(false);
                  setDescription(item.description);
                  setError(null);
                }}
              >
                {t('settings.cancel')}
              </Button>
            </>
          ) : (
            <>
              <Button
                size="xs"
                variant="subtle"
                onClick={() => setEditing(true)}
                aria-label={t('settings.hsCodes.editCode', { code: item.code })}
              >
                {t('settings.edit')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={remove.isPending}
                aria-label={t('settings.hsCodes.deleteCode', { code: item.code })}
                onClick={() =>
                  remove.mutate(item.id, {
                    onError: (failure) => notify('error', translateServerMessage(saidOf(failure))),
                  })
                }
              >
                {t('settings.delete')}
              </Button>
            </>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

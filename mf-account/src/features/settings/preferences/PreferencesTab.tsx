import { type FieldMessages, fieldErrorsOf, isLocale, type Locale, messagesByField } from '@portal/shared-contracts';
import {
  NOTIFICATION_CHOICES,
  type NotifiedStatus,
  notificationSettingsViolations,
} from '@portal/shared-contracts/account';
import { DEFAULT_LABEL_FORMAT, isLabelFormat, LABEL_FORMATS, type LabelFormat } from '@portal/shared-contracts/orders';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Text } from '@portal/shared-contracts/ui';
import { Radio } from '@portal/shared-contracts/ui/forms';
import { type FormEvent, useState } from 'react';
import { catalogues, NAMESPACE } from '../../../i18n';
import { useNotificationSettings, useSaveNotificationSettings } from '../api';
import { ReturnSettingsSection } from '../returns/ReturnSettingsSection';
import { saidOf, settingsField } from '../violations';

const CONSENT_MESSAGE = 'Choose agree or disagree.';

/**
 * The Settings tab: the e-notification consent of the sender profile (SPEC §3, agree or
 * disagree), the language of the portal and of its e-mails, which status changes of a shipment
 * notify (the notifications module sends only what is chosen here), and the account's default
 * label format (issue 20 item 4: A6, A4 or ZPL for thermal printers), which label downloads offer
 * first and the API answers when no format is asked for. A company account's return settings below.
 */
export function PreferencesTab() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { session, translateServerMessage } = usePlatform();
  const user = session?.user;
  const settings = useNotificationSettings(user?.id ?? 0);
  if (!user || !session?.activeAccount) return null;
  if (settings.isPending) return <Loader aria-label={t('settings.loading')} />;
  if (settings.error || !settings.data) {
    return (
      <Alert color="red" role="alert">
        {translateServerMessage(saidOf(settings.error))}
      </Alert>
    );
  }
  const account = session.activeAccount;
  return (
    <Stack gap="lg">
      <PreferencesForm initial={settings.data} />
      {/* A shop's choice for the returns its customers start (issue 40 item 1): company accounts only. */}
      {account.type === 'company' && <ReturnSettingsSection accountId={account.id} />}
    </Stack>
  );
}

function PreferencesForm({ initial }: { initial: { language: Locale | null; statuses: NotifiedStatus[] } }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { api, session, notify, locale, setLocale, translateServerMessage } = usePlatform();
  const user = session?.user;
  const account = session?.activeAccount;
  const save = useSaveNotificationSettings(user?.id ?? 0);
  const [consent, setConsent] = useState<string>(account?.contact.eNotifications ?? '');
  const [language, setLanguage] = useState<Locale>(initial.language ?? locale);
  const [labelFormat, setLabelFormat] = useState<LabelFormat>(account?.labelFormat ?? DEFAULT_LABEL_FORMAT);
  const [choices, setChoices] = useState<string[]>(() =>
    NOTIFICATION_CHOICES.filter((choice) => choice.statuses.every((status) => initial.statuses.includes(status))).map(
      (choice) => choice.id,
    ),
  );
  const [errors, setErrors] = useState<FieldMessages>({});
  const [saving, setSaving] = useState(false);
  if (!user || !account || !session) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const statuses = NOTIFICATION_CHOICES.filter((choice) => choices.includes(choice.id)).flatMap(
      (choice) => choice.statuses,
    );
    const found: FieldMessages = messagesByField(notificationSettingsViolations({ language, statuses }), settingsField);
    if (consent !== 'agree' && consent !== 'disagree') found.eNotifications = CONSENT_MESSAGE;
    setErrors(found);
    const eNotifications: 'agree' | 'disagree' | null = consent === 'agree' || consent === 'disagree' ? consent : null;
    if (Object.keys(found).length > 0 || eNotifications === null) return;
    setSaving(true);
    try {
      // Only what changed goes to the account, in one write.
      const accountChanges = {
        ...(eNotifications !== account.contact.eNotifications ? { contact: { eNotifications } } : {}),
        ...(labelFormat !== (account.labelFormat ?? DEFAULT_LABEL_FORMAT) ? { labelFormat } : {}),
      };
      if (Object.keys(accountChanges).length > 0) {
        await api.PATCH('/api/accounts/{id}', { path: { id: account.id }, body: accountChanges });
      }
      await save.mutateAsync({ language, statuses });
      await session.reloadUser();
      // The interface follows the language chosen for the messages.
      if (language !== locale) setLocale(language);
      notify('success', t('settings.preferences.saved'));
    } catch (error) {
      const violations = fieldErrorsOf(error, settingsField);
      if (violations) setErrors(violations);
      else notify('error', translateServerMessage(saidOf(error)));
    } finally {
      setSaving(false);
    }
  };
  const error = (name: string) => (errors[name] ? translateServerMessage(errors[name]) : undefined);

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate data-testid="preferences-form">
      <Stack gap="lg">
        <Radio.Group
          label={t('profile.eNotifications')}
          description={t('settings.preferences.eNotificationsHint')}
          value={consent}
          onChange={setConsent}
          error={error('eNotifications')}
          required
        >
          <Group mt="xs">
            <Radio value="agree" label={t('profile.agree')} />
            <Radio value="disagree" label={t('profile.disagree')} />
          </Group>
        </Radio.Group>

        <Radio.Group
          label={t('settings.preferences.language')}
          description={t('settings.preferences.languageHint')}
          value={language}
          onChange={(value) => isLocale(value) && setLanguage(value)}
          error={error('language')}
        >
          <Group mt="xs">
            <Radio value="en" label="English" lang="en" />
            <Radio value="lv" label="Latviešu" lang="lv" />
          </Group>
        </Radio.Group>

        <Radio.Group
          label={t('settings.preferences.labelFormat')}
          description={t('settings.preferences.labelFormatHint')}
          value={labelFormat}
          onChange={(value) => isLabelFormat(value) && setLabelFormat(value)}
          error={error('labelFormat')}
          data-testid="label-format"
        >
          <Stack gap="xs" mt="xs">
            {LABEL_FORMATS.map((format) => (
              <Radio key={format} value={format} label={t(`settings.preferences.labelFormats.${format}`)} />
            ))}
          </Stack>
        </Radio.Group>

        <Checkbox.Group
          label={t('settings.preferences.statuses')}
          description={t('settings.preferences.statusesHint')}
          value={choices}
          onChange={setChoices}
          error={error('statuses')}
        >
          <Stack gap="xs" mt="xs">
            {NOTIFICATION_CHOICES.map((choice) => (
              <Checkbox key={choice.id} value={choice.id} label={t(`settings.preferences.status.${choice.id}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        {consent === 'disagree' && (
          <Text size="sm" c="dimmed">
            {t('settings.preferences.disagreeNote')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={saving} data-testid="preferences-save">
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

import {
  ANNOUNCEMENT_CHANNELS,
  type AnnouncementInput,
  announcementViolations,
  MAX_ANNOUNCEMENT_CAPTION,
  MAX_ANNOUNCEMENT_CONTENT,
  MAX_ANNOUNCEMENT_DESCRIPTION,
  RECIPIENT_GROUPS,
} from '@portal/shared-contracts/account';
import { usePortalForm } from '@portal/shared-contracts/forms';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useNavigate, useParams, useSearchParams } from '@portal/shared-contracts/router';
import { Alert, Button, Checkbox, Group, Loader, Stack, TextInput } from '@portal/shared-contracts/ui';
import { Fieldset, Textarea } from '@portal/shared-contracts/ui/forms';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { type AdminNotification, useAdminNotification, useSaveNotification } from './api';
import { Breadcrumbs } from './Breadcrumbs';

// A type, not an interface: the form adapter needs its index signature.
type FormValues = {
  recipientGroups: string[];
  channels: string[];
  caption: string;
  description: string;
  content: string;
  captionLv: string;
  descriptionLv: string;
  contentLv: string;
};

const EMPTY: FormValues = {
  recipientGroups: [],
  channels: ['portal'],
  caption: '',
  description: '',
  content: '',
  captionLv: '',
  descriptionLv: '',
  contentLv: '',
};

type TextField = 'caption' | 'description' | 'content' | 'captionLv' | 'descriptionLv' | 'contentLv';

/** Every announcement is written in both languages; each reader gets the one of their interface. */
const LANGUAGES = [
  { locale: 'en', caption: 'caption', description: 'description', content: 'content' },
  { locale: 'lv', caption: 'captionLv', description: 'descriptionLv', content: 'contentLv' },
] as const;

/** Darker hint and error shades than Mantine's defaults: WCAG AA contrast on white (as the locations form). */
const READABLE = { descriptionProps: { c: 'gray.7' }, errorProps: { c: 'red.9' } } as const;

/** `/admin/notifications/create` and `/admin/notifications/edit/:id` (unsent ones only). */
export default function NotificationFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(NAMESPACE);
  const existing = useAdminNotification(id);
  if (id !== undefined && existing.isPending) return <Loader aria-label={t('loading')} />;
  if (id !== undefined && (existing.isError || !existing.data)) {
    return <Alert color="red">{t('notifications.loadFailed')}</Alert>;
  }
  return <NotificationForm key={id ?? 'new'} notification={existing.data} />;
}

function NotificationForm({ notification }: { notification?: AdminNotification }) {
  const { t } = useTranslation(NAMESPACE);
  const { notify } = usePlatform();
  const navigate = useNavigate();
  // The navigation's "SMS" and "E-mail" entries open a new announcement with that channel chosen.
  const [search] = useSearchParams();
  const channel = search.get('channel');
  // The API's own rules, checked here first so the messages show without a round trip.
  const form = usePortalForm<FormValues>({
    initialValues: notification
      ? { ...notification }
      : channel === 'sms' || channel === 'email'
        ? { ...EMPTY, channels: [channel] }
        : EMPTY,
    rules: announcementViolations,
  });
  const save = useSaveNotification(notification ? String(notification.id) : undefined);
  const heading = notification ? t('pages.notificationEdit') : t('pages.notificationCreate');

  const text = (name: TextField) => ({ ...READABLE, ...form.getInputProps(name) });

  const submit = form.submit(async (values) => {
    const input: AnnouncementInput = values;
    try {
      const saved = await save.mutateAsync(input);
      notify('success', t(notification ? 'notifications.saved' : 'notifications.created'));
      navigate(`/admin/notifications/show/${saved.id}`, { replace: notification !== undefined });
    } catch (error) {
      if (!form.applyServerViolations(error)) notify('error', t('notifications.saveFailed'));
    }
  });

  if (notification && notification.status !== 'unsent') {
    return (
      <Stack gap="md">
        <Breadcrumbs current={heading} />
        <Alert color="yellow">{t('notifications.sentCannotChange')}</Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={720}>
      <Breadcrumbs current={heading} />
      <PageHeading>{heading}</PageHeading>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Checkbox.Group
            label={t('notifications.fields.recipientGroups')}
            description={t('notifications.hints.recipientGroups')}
            withAsterisk
            value={form.values.recipientGroups}
            onChange={(recipientGroups) => form.setFieldValue('recipientGroups', recipientGroups)}
            error={form.fieldError('recipientGroups')}
            {...READABLE}
          >
            <Group mt={4}>
              {RECIPIENT_GROUPS.map((group) => (
                <Checkbox key={group} value={group} label={t(`notifications.groups.${group}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Checkbox.Group
            label={t('notifications.fields.channels')}
            description={t('notifications.hints.channels')}
            withAsterisk
            value={form.values.channels}
            onChange={(channels) => form.setFieldValue('channels', channels)}
            error={form.fieldError('channels')}
            {...READABLE}
          >
            <Group mt={4}>
              {ANNOUNCEMENT_CHANNELS.map((channel) => (
                <Checkbox key={channel} value={channel} label={t(`notifications.channels.${channel}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          {LANGUAGES.map((language) => (
            <Fieldset
              key={language.locale}
              legend={t(`notifications.languages.${language.locale}`)}
              lang={language.locale}
            >
              <Stack gap="sm">
                <TextInput
                  label={t(`notifications.fields.captionIn.${language.locale}`)}
                  required
                  maxLength={MAX_ANNOUNCEMENT_CAPTION}
                  {...text(language.caption)}
                />
                <Textarea
                  label={t(`notifications.fields.descriptionIn.${language.locale}`)}
                  description={t('notifications.hints.description')}
                  required
                  autosize
                  minRows={2}
                  maxLength={MAX_ANNOUNCEMENT_DESCRIPTION}
                  {...text(language.description)}
                />
                <Textarea
                  label={t(`notifications.fields.contentIn.${language.locale}`)}
                  required
                  autosize
                  minRows={6}
                  maxLength={MAX_ANNOUNCEMENT_CONTENT}
                  {...text(language.content)}
                />
              </Stack>
            </Fieldset>
          ))}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t(notification ? 'notifications.save' : 'notifications.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

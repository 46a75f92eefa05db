import { bannerViolations, MAX_BANNER_TEXT } from '@portal/shared-contracts/account';
import { usePortalForm } from '@portal/shared-contracts/forms';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Checkbox, Group, Loader, Stack } from '@portal/shared-contracts/ui';
import { Textarea } from '@portal/shared-contracts/ui/forms';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { type AdminBanner, useAdminBanner, useSaveBanner } from './api';
import { Breadcrumbs } from './Breadcrumbs';

const READABLE = { descriptionProps: { c: 'gray.7' }, errorProps: { c: 'red.9' } } as const;

/** `/admin/notifications/banner`: the notice above every page of the portal, in both languages. */
export default function BannerPage() {
  const { t } = useTranslation(NAMESPACE);
  const { data, isPending, isError } = useAdminBanner();
  if (isPending) return <Loader aria-label={t('loading')} />;
  if (isError || !data) return <Alert color="red">{t('notifications.loadFailed')}</Alert>;
  return <BannerForm banner={data} />;
}

function BannerForm({ banner }: { banner: AdminBanner }) {
  const { t } = useTranslation(NAMESPACE);
  const { notify } = usePlatform();
  const form = usePortalForm({
    initialValues: { active: banner.active, textEn: banner.textEn, textLv: banner.textLv },
    rules: bannerViolations,
  });
  const save = useSaveBanner();

  const text = (name: 'textEn' | 'textLv') => ({ ...READABLE, ...form.getInputProps(name) });

  const submit = form.submit(async (values) => {
    try {
      await save.mutateAsync(values);
      notify('success', t(values.active ? 'notifications.banner.shown' : 'notifications.banner.hidden'));
    } catch (error) {
      if (!form.applyServerViolations(error)) notify('error', t('notifications.saveFailed'));
    }
  });

  return (
    <Stack gap="md" maw={720}>
      <Breadcrumbs current={t('pages.notificationBanner')} />
      <PageHeading>{t('pages.notificationBanner')}</PageHeading>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Textarea
            label={t('notifications.banner.textEn')}
            autosize
            minRows={2}
            maxLength={MAX_BANNER_TEXT}
            {...text('textEn')}
          />
          <Textarea
            label={t('notifications.banner.textLv')}
            autosize
            minRows={2}
            maxLength={MAX_BANNER_TEXT}
            {...text('textLv')}
          />
          <Checkbox
            label={t('notifications.banner.active')}
            description={t('notifications.banner.activeHint')}
            {...form.getInputProps('active', { type: 'checkbox' })}
            // Darker than Mantine's default grey and red: WCAG AA contrast on white.
            styles={{
              description: { color: 'var(--mantine-color-gray-7)' },
              error: { color: 'var(--mantine-color-red-9)' },
            }}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('notifications.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

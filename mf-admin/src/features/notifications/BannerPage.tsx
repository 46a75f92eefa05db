import { fieldErrorsOf } from '@portal/shared-contracts';
import { bannerViolations, MAX_BANNER_TEXT } from '@portal/shared-contracts/account';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Checkbox, Group, Loader, Stack } from '@portal/shared-contracts/ui';
import { Textarea } from '@portal/shared-contracts/ui/forms';
import { type FormEvent, useState } from 'react';
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
  const { notify, translateServerMessage } = usePlatform();
  const [values, setValues] = useState({ active: banner.active, textEn: banner.textEn, textLv: banner.textLv });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveBanner();

  const text = (name: 'textEn' | 'textLv') => ({
    ...READABLE,
    value: values[name],
    error: errors[name] ? translateServerMessage(errors[name]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = bannerViolations(values);
    if (found.length > 0) {
      setErrors(Object.fromEntries(found.map((violation) => [violation.propertyPath, violation.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(values);
      notify('success', t(values.active ? 'notifications.banner.shown' : 'notifications.banner.hidden'));
    } catch (error) {
      const violations = fieldErrorsOf(error);
      if (violations) setErrors(violations);
      else notify('error', t('notifications.saveFailed'));
    }
  };

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
            checked={values.active}
            onChange={(event) => {
              const active = event.currentTarget.checked;
              setValues((current) => ({ ...current, active }));
            }}
            error={errors.active ? translateServerMessage(errors.active) : undefined}
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

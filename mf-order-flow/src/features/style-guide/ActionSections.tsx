import { Alert, Badge, Button, Group, Stack } from '@portal/shared-contracts/ui';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconPackage, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { GuideSection } from './GuideSection';

const BUTTON_VARIANTS = ['filled', 'light', 'outline', 'default', 'subtle'] as const;

export function ButtonsSection() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <GuideSection id="buttons" title={t('styleGuide.buttons.title')}>
      <Stack gap="sm">
        <Group gap="sm">
          {BUTTON_VARIANTS.map((variant) => (
            <Button key={variant} variant={variant}>
              {t(`styleGuide.buttons.${variant}`)}
            </Button>
          ))}
        </Group>
        <Group gap="sm">
          <Button leftSection={<IconPackage size={18} aria-hidden="true" />}>{t('styleGuide.buttons.withIcon')}</Button>
          <Button color="red" variant="outline">
            {t('styleGuide.buttons.danger')}
          </Button>
          <Button disabled>{t('styleGuide.buttons.disabled')}</Button>
          <Button loading loaderProps={{ 'aria-label': t('wizard.loading') }}>
            {t('styleGuide.buttons.loading')}
          </Button>
          <Button size="xs" variant="light">
            {t('styleGuide.buttons.small')}
          </Button>
        </Group>
      </Stack>
    </GuideSection>
  );
}

const ALERTS = [
  { key: 'info', color: 'brand', Icon: IconInfoCircle },
  { key: 'success', color: 'green', Icon: IconCheck },
  { key: 'warning', color: 'yellow', Icon: IconAlertTriangle },
  { key: 'error', color: 'red', Icon: IconX },
] as const;

/** Order-line statuses with the colour the portal gives them (light badges: dark text, AA contrast). */
const STATUS_BADGES = [
  { status: 'unfinished', color: 'gray' },
  { status: 'paid', color: 'brand' },
  { status: 'sent', color: 'signal' },
  { status: 'delivered', color: 'green' },
  { status: 'returned', color: 'red' },
] as const;

export function FeedbackSection() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <GuideSection id="feedback" title={t('styleGuide.feedback.title')}>
      <Stack gap="sm">
        {ALERTS.map(({ key, color, Icon }) => (
          <Alert
            key={key}
            color={color}
            title={t(`styleGuide.feedback.${key}.title`)}
            icon={<Icon size={20} aria-hidden="true" />}
          >
            {t(`styleGuide.feedback.${key}.text`)}
          </Alert>
        ))}
        <Group gap="xs" aria-label={t('styleGuide.feedback.badges')} role="group">
          {STATUS_BADGES.map(({ status, color }) => (
            <Badge key={status} variant="light" color={color} c={color === 'signal' ? 'signal.9' : undefined}>
              {t(`status.${status}`)}
            </Badge>
          ))}
        </Group>
      </Stack>
    </GuideSection>
  );
}

import { formatMoney, formatWeight } from '@portal/shared-contracts';
import { Badge, Divider, Group, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

/** A made-up order line, marked as an example: the layout of the order page's summary sidebar. */
const SAMPLE = { grams: 2000, productKey: 'product', priceCents: 650, insuranceCents: 120 } as const;

export function SampleOrderSummary() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Paper withBorder p="md" component="aside" aria-labelledby="guide-summary-title" data-testid="guide-summary">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <IconPackage size={22} aria-hidden="true" color="var(--mantine-color-brand-7)" />
          <Title order={2} size="h4" id="guide-summary-title">
            {t('sidebar.title')}
          </Title>
        </Group>
        <Badge variant="light" color="gray">
          {t('styleGuide.summary.example')}
        </Badge>
      </Group>
      <Stack gap={6}>
        <Line label={t('sidebar.type')} value={t('type.parcel')} />
        <Line label={t('sidebar.destination')} value={t('styleGuide.forms.countries.LT')} />
        <Line label={t('sidebar.weight')} value={formatWeight(SAMPLE.grams)} />
        <Line label={t('sidebar.product')} value={t(`styleGuide.summary.${SAMPLE.productKey}`)} />
        <Line label={t('styleGuide.summary.insurance')} value={formatMoney(SAMPLE.insuranceCents)} />
        <Divider my={4} />
        <Group justify="space-between">
          <Text fw={700}>{t('sidebar.price')}</Text>
          <Text fw={700} data-testid="guide-summary-total">
            {formatMoney(SAMPLE.priceCents + SAMPLE.insuranceCents)}
          </Text>
        </Group>
        <Text size="xs" c="gray.7">
          {t('styleGuide.summary.caption')}
        </Text>
      </Stack>
    </Paper>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
}

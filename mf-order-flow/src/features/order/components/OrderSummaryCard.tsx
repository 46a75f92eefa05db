import { formatMoney, formatWeight } from '@portal/shared-contracts';
import { Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { useCountryName } from '../../../shared/countries';
import { weightGrams } from '../model';
import { useOrderFlow } from '../store';

/** SPEC §2: the order page's sidebar with the order line's summary. */
export function OrderSummaryCard() {
  const { t } = useTranslation(NAMESPACE);
  const draft = useOrderFlow((state) => state.draft);
  const price = useOrderFlow((state) => state.price);
  const countryName = useCountryName();
  const grams = weightGrams(draft);
  return (
    <Paper withBorder p="md" component="aside" aria-labelledby="order-summary-title" data-testid="order-sidebar">
      <Title order={2} size="h4" id="order-summary-title" mb="sm">
        {t('sidebar.title')}
      </Title>
      <Stack gap={4}>
        <Row label={t('sidebar.type')} value={t(`type.${draft.shipmentType}`)} />
        <Row label={t('sidebar.destination')} value={draft.countryCode ? countryName(draft.countryCode) : '—'} />
        <Row label={t('sidebar.weight')} value={grams ? formatWeight(grams) : '—'} />
        <Row label={t('sidebar.product')} value={draft.workFlow?.label ?? '—'} />
        <Row label={t('sidebar.price')} value={price !== null ? formatMoney(price) : '—'} />
      </Stack>
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span fw={500} size="sm">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

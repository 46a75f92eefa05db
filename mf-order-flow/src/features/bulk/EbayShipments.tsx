import { bulkRowOfSale, SALE_TEMPLATE_FIELDS } from '@portal/shared-contracts/ebay';
import type { BulkReport } from '@portal/shared-contracts/orders';
import { usePlatform } from '@portal/shared-contracts/react';
import { Button, Group, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { salesToShip, savedCodes } from '../../shared/ebay-sales/ship-together';
import { checkShipments } from './api';
import { TemplateForm, useShipmentTemplate } from './TemplateForm';
import { countriesByUse } from './template';

/**
 * eBay sales shipped together (issue 15 item 3): the sales ticked in the eBay tab, each a row with
 * the buyer at eBay's address and its items as contents, plus what the seller gives them all
 * (product, weight, services, hand-over, sender), chosen with the wizard's fields (issue 40 item
 * 6). Checked and priced by the API like a file's rows; the sale of each row goes with the report,
 * so that the order made of the good rows ships those sales.
 */
export function EbayShipments({
  saleIds,
  busy,
  run,
  onReport,
}: {
  saleIds: readonly number[];
  busy: boolean;
  run: (work: () => Promise<void>) => Promise<void>;
  onReport: (report: BulkReport, saleOfRow: ReadonlyMap<number, number>) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { api, session } = usePlatform();
  const accountId = session?.status === 'authenticated' ? (session.activeAccount?.id ?? null) : null;
  const sales = useQuery({ queryKey: ['bulk', 'ebay-sales', saleIds], queryFn: () => salesToShip(api, saleIds) });
  const shippable = useMemo(() => (sales.data ?? []).filter((sale) => sale.state !== 'shipped'), [sales.data]);
  const countries = useMemo(
    () => countriesByUse(shippable.map((sale) => sale.address?.countryCode ?? '')),
    [shippable],
  );
  const template = useShipmentTemplate(SALE_TEMPLATE_FIELDS, countries);

  const prepare = () =>
    run(async () => {
      const cells = template.cells();
      if (cells === null) return;
      const [latest, saved] = await Promise.all([salesToShip(api, saleIds), savedCodes(api, accountId)]);
      const toShip = latest.filter((sale) => sale.state !== 'shipped');
      if (toShip.length === 0) throw new Error(t('ebay.noneToShip'));
      // Rows are numbered as in a file (the headings are row 1).
      const rows = toShip.map((sale, index) => ({ row: index + 2, values: bulkRowOfSale(sale, cells, saved) }));
      const saleOfRow = new Map(toShip.map((sale, index) => [index + 2, sale.id]));
      const report = await checkShipments(api, rows);
      template.showReport(report);
      onReport(report, saleOfRow);
    });

  return (
    <Paper withBorder p="md" data-testid="bulk-ebay">
      <Title order={2} size="h4" mb="xs">
        {t('ebay.togetherTitle', { count: saleIds.length })}
      </Title>
      <Text size="sm" mb="sm">
        {t('ebay.togetherIntro')}
      </Text>
      <Stack gap="sm">
        <TemplateForm
          fields={SALE_TEMPLATE_FIELDS}
          choices={template.choices}
          onChange={template.setChoices}
          errors={template.errors}
          receiverCountries={countries}
        />
        <Group>
          <Button onClick={prepare} disabled={busy} data-testid="bulk-ebay-prepare">
            {t('bulk.prepare')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

import { formatMoney, formatWeight } from '@portal/shared-contracts';
import {
  describeDeliveryTime,
  describeSizeLimit,
  lockerSizeClass,
  type PriceByCountryAnswer,
  type PricedWorkFlow,
} from '@portal/shared-contracts/pricing';
import { usePlatform } from '@portal/shared-contracts/react';
import { Button, Group, List, LockerSizePictogram, Text } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { type OrderChoice, orderChoice } from '../model';

interface ResultsTableProps {
  answer: PriceByCountryAnswer;
  /** Grams, as priced: handed on with "order this". */
  weight: number;
  /** Country names in the interface language, by code. */
  countryNames: ReadonlyMap<string, string>;
  onOrder: (choice: OrderChoice) => void;
}

/** Every matching product in the tariff ordering (the API sorts them), and the countries with none. */
export function ResultsTable({ answer, weight, countryNames, onOrder }: ResultsTableProps) {
  const { t } = useTranslation(NAMESPACE);
  const { translateServerMessage, locale } = usePlatform();

  return (
    <>
      {answer.workFlows.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder verticalSpacing="xs" data-testid="price-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('results.product')}</Table.Th>
                <Table.Th scope="col">{t('results.country')}</Table.Th>
                <Table.Th scope="col">{t('results.price')}</Table.Th>
                <Table.Th scope="col">{t('results.delivery')}</Table.Th>
                <Table.Th scope="col">{t('results.maxWeight')}</Table.Th>
                <Table.Th scope="col">{t('results.sizeLimit')}</Table.Th>
                <Table.Th scope="col">
                  <span style={visuallyHidden}>{t('results.actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.workFlows.map((workflow) => (
                <Table.Tr key={`${workflow.id}-${workflow.countryCode}`} data-workflow-id={workflow.id}>
                  <Table.Th scope="row" fw={500}>
                    {workflow.label}
                    <Text size="xs" c="gray.7">
                      {handoverText(workflow, t)}
                    </Text>
                  </Table.Th>
                  <Table.Td>{countryNames.get(workflow.countryCode) ?? workflow.countryCode}</Table.Td>
                  <Table.Td data-testid="price">
                    {workflow.price ? (
                      <>
                        <Text fw={600} span>
                          {formatMoney(workflow.price.amount)}
                        </Text>
                        {workflow.price.indicative && (
                          <Text size="xs" c="gray.8" data-testid="indicative">
                            {t('results.indicative')}
                          </Text>
                        )}
                        {workflow.orderable === false && (
                          <Text size="xs" c="gray.8">
                            {t('results.notOrderable')}
                          </Text>
                        )}
                      </>
                    ) : (
                      <Text size="sm" c="gray.7" span>
                        {t('results.onRequest')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-testid="delivery-time">{describeDeliveryTime(workflow, locale)}</Table.Td>
                  <Table.Td>{formatWeight(workflow.maxWeight)}</Table.Td>
                  <Table.Td data-testid="size-limit">
                    <SizeLimit workflow={workflow} locale={locale} />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      // Without a tariff (SPEC §8 "No price found"), or with an indicative one the operator
                      // refuses (INDICATIVE_PRICES=refuse), the order flow cannot take it either.
                      disabled={workflow.priceOnRequest || workflow.orderable === false}
                      onClick={() => onOrder(orderChoice(workflow, weight))}
                      // Starts with the visible text, then says which product (WCAG 2.5.3 label in name).
                      aria-label={`${t('results.orderThis')}: ${workflow.label}, ${countryNames.get(workflow.countryCode) ?? workflow.countryCode}`}
                    >
                      {t('results.orderThis')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {answer.workFlows.some((workflow) => workflow.price?.indicative) && (
        <Text size="sm" mt="xs" data-testid="indicative-note">
          {t('results.indicativeNote')}
        </Text>
      )}
      {answer.workFlows.length === 0 && <Text>{t('results.none')}</Text>}
      {answer.unpriced.length > 0 && (
        <List size="sm" mt="sm" data-testid="unpriced">
          {answer.unpriced.map((country) => (
            <List.Item key={country.countryCode}>
              {countryNames.get(country.countryCode) ?? country.countryCode}:{' '}
              {t(`unpriced.${country.code}`, { defaultValue: translateServerMessage(country) })}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function handoverText(workflow: PricedWorkFlow, t: TFunction): string {
  if (!workflow.transferType || !workflow.receivingType) return t(`types.${workflow.shipmentType}`);
  return `${t(`handover.${workflow.transferType}`)} → ${t(`handover.${workflow.receivingType}`)}`;
}

/** The size limit in words (the shared rule), after the locker pictogram of a locker size class. */
function SizeLimit({
  workflow,
  locale,
}: {
  workflow: PricedWorkFlow;
  locale: Parameters<typeof describeSizeLimit>[1];
}) {
  const size = lockerSizeClass(workflow);
  const text = describeSizeLimit(workflow, locale);
  if (!size) return <>{text}</>;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <LockerSizePictogram size={size} />
      <span>{text}</span>
    </Group>
  );
}

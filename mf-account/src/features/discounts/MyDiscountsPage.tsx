import { PageHeading } from '@portal/shared-contracts/react';
import { Alert, Badge, Loader, Stack, Text } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { useMyDiscounts } from './api';
import { tillLabel, valueLabel } from './format';
import { NewDiscountDialog } from './NewDiscountDialog';

/** `/user/discounts` (login required; SPEC §6 "loyalty discounts"): the user's loyalty discounts. */
export function MyDiscountsPage() {
  const { t } = useTranslation(NAMESPACE);
  const { data, isPending, isError } = useMyDiscounts();
  const discounts = data?.['hydra:member'] ?? [];
  return (
    <Stack gap="md">
      <PageHeading>{t('pages.discounts')}</PageHeading>
      <Text>{t('discounts.intro')}</Text>
      <NewDiscountDialog />
      {isError && <Alert color="red">{t('discounts.loadFailed')}</Alert>}
      {isPending && <Loader aria-label={t('discounts.loading')} />}
      {data && discounts.length === 0 && <Text data-testid="my-discounts-empty">{t('discounts.empty')}</Text>}
      {discounts.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="my-discounts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('discounts.code')}</Table.Th>
                <Table.Th>{t('discounts.value')}</Table.Th>
                <Table.Th>{t('discounts.validTill')}</Table.Th>
                <Table.Th>{t('discounts.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {discounts.map((discount) => (
                <Table.Tr key={discount.id}>
                  <Table.Td>
                    <Text span fw={700} ff="monospace">
                      {discount.code}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {t(discount.type === 'percentage' ? 'discounts.percentOff' : 'discounts.specialPrice', {
                      value: valueLabel(discount),
                    })}
                  </Table.Td>
                  <Table.Td>{tillLabel(discount) ?? t('discounts.noEnd')}</Table.Td>
                  <Table.Td>
                    <Badge color={discount.usable ? 'green.9' : 'gray.7'} variant="filled">
                      {t(discount.usable ? 'discounts.usable' : 'discounts.notUsable')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {discounts.some((discount) => discount.usable) && <Text size="sm">{t('discounts.howToApply')}</Text>}
    </Stack>
  );
}

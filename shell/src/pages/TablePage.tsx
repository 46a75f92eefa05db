import { formatMoney, formatWeight } from '@portal/shared-contracts';
import { PageHeading } from '@portal/shared-contracts/react';
import { Text } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useTranslation } from 'react-i18next';

/** SPEC §2 lists a table demo page: it shows the portal's number formats in a table. */
const SAMPLE_ROWS = [
  { grams: 50, cents: 0 },
  { grams: 950, cents: 123456 },
  { grams: 1500, cents: 5 },
];

export function TablePage() {
  const { t } = useTranslation('shell');
  return (
    <>
      <PageHeading>{t('pages.table')}</PageHeading>
      <Text mb="md">{t('static.table')}</Text>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">g</Table.Th>
            <Table.Th scope="col">kg / g</Table.Th>
            <Table.Th scope="col">EUR</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SAMPLE_ROWS.map((row) => (
            <Table.Tr key={row.grams}>
              <Table.Td>{row.grams}</Table.Td>
              <Table.Td>{formatWeight(row.grams)}</Table.Td>
              <Table.Td>{formatMoney(row.cents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

import { Text } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { type OpeningSchedule, scheduleLines, weekdayName } from '../model';

/** Opening hours in the visitor's language; the source's own text when it could not be read. */
export function OpeningHours({
  schedule,
  text,
  locale,
}: {
  schedule: OpeningSchedule | null;
  text: string | null;
  locale: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  if (!schedule) {
    return <Text size="sm">{text ? t('details.hoursAsPublished', { text }) : t('details.hoursUnknown')}</Text>;
  }
  const lines = scheduleLines(schedule);
  if (lines.length === 1 && lines[0]!.aroundTheClock) return <Text size="sm">{t('details.allDayEveryDay')}</Text>;
  return (
    <Table data-testid="opening-hours" withRowBorders={false} verticalSpacing={2} horizontalSpacing={0}>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.firstDay}>
            <Table.Th scope="row" fw={500} pr="md">
              {line.firstDay === line.lastDay
                ? weekdayName(line.firstDay, locale)
                : `${weekdayName(line.firstDay, locale)}–${weekdayName(line.lastDay, locale)}`}
            </Table.Th>
            <Table.Td>
              {line.aroundTheClock
                ? t('details.allDay')
                : line.ranges.length === 0
                  ? t('details.closed')
                  : line.ranges.map((range) => `${range.from}–${range.to}`).join(', ')}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

import { fieldErrorsOf, isValidDisplayDate, toDbDate, toDisplayDate } from '@portal/shared-contracts';
import { dayOffViolations, MAX_DAY_OFF_REASON, rigaDate } from '@portal/shared-contracts/calendar';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useSearchParams } from '@portal/shared-contracts/router';
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs } from '../../shared/list';
import { type CalendarDay, useCalendar, useRemoveDayOff, useSetDayOff } from './api';

const READABLE = { descriptionProps: { c: 'gray.7' }, errorProps: { c: 'red.9' } } as const;

/**
 * `/admin/calendar` (issue 14 item 9, settings): Latvia's public holidays of a year beside the
 * post's own days off, which courier pick-up and delivery dates skip too. Administrators only.
 */
export default function CalendarPage() {
  const { t } = useTranslation(NAMESPACE);
  const [params, setParams] = useSearchParams();
  const thisYear = Number(rigaDate().slice(0, 4));
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : thisYear;
  const calendar = useCalendar(year);
  const setYear = (next: number) => setParams({ year: String(next) });

  return (
    <Stack gap="md" maw={880}>
      <Breadcrumbs items={[{ label: t('pages.calendar') }]} />
      <PageHeading>{t('pages.calendar')}</PageHeading>
      <Text>{t('calendar.intro')}</Text>
      <Group>
        <Button variant="default" onClick={() => setYear(year - 1)} disabled={year <= 2000}>
          {t('calendar.previousYear', { year: year - 1 })}
        </Button>
        <Text fw={700} aria-live="polite" data-testid="calendar-year">
          {year}
        </Text>
        <Button variant="default" onClick={() => setYear(year + 1)} disabled={year >= 2100}>
          {t('calendar.nextYear', { year: year + 1 })}
        </Button>
      </Group>
      {calendar.isPending ? (
        <Loader aria-label={t('loading')} />
      ) : calendar.isError ? (
        <Alert color="red" role="alert">
          {t('calendar.loadFailed')}
        </Alert>
      ) : (
        <DaysTable days={calendar.data.days} />
      )}
      <AddDayOff publicHolidays={calendar.data?.year === year ? calendar.data.days : []} />
    </Stack>
  );
}

function DaysTable({ days }: { days: CalendarDay[] }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { notify } = usePlatform();
  const remove = useRemoveDayOff();
  const latvian = i18n.language.startsWith('lv');
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped data-testid="calendar-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('calendar.columns.date')}</Table.Th>
            <Table.Th scope="col">{t('calendar.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('calendar.columns.kind')}</Table.Th>
            <Table.Th scope="col">{t('calendar.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((day) => (
            <Table.Tr key={`${day.kind}-${day.date}`} data-testid="calendar-day">
              <Table.Td>{toDisplayDate(day.date)}</Table.Td>
              <Table.Td>{latvian ? day.nameLv : day.nameEn}</Table.Td>
              <Table.Td>{t(`calendar.kinds.${day.kind}`)}</Table.Td>
              <Table.Td>
                {day.kind === 'post_day_off' && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={remove.isPending && remove.variables === day.date}
                    onClick={() =>
                      remove.mutate(day.date, {
                        onSuccess: () => notify('success', t('calendar.removed', { date: toDisplayDate(day.date) })),
                        onError: () => notify('error', t('calendar.saveFailed')),
                      })
                    }
                    aria-label={t('calendar.remove', { date: toDisplayDate(day.date) })}
                  >
                    {t('calendar.removeShort')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AddDayOff({ publicHolidays }: { publicHolidays: CalendarDay[] }) {
  const { t } = useTranslation(NAMESPACE);
  const { notify, translateServerMessage } = usePlatform();
  const save = useSetDayOff();
  const [values, setValues] = useState({ date: '', reasonEn: '', reasonLv: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof typeof values) => ({
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
    const typed = values.date.trim();
    // DD.MM.YYYY on the screen, YYYY-MM-DD for the API; what is not a date stays as typed (refused).
    const date = isValidDisplayDate(typed) ? (toDbDate(typed) ?? typed) : typed;
    // The shared rules the API runs; the public holidays are those of the year on the screen
    // (the API checks any other year's).
    const holidays = new Set(publicHolidays.filter((day) => day.kind === 'public_holiday').map((day) => day.date));
    const found: Record<string, string> = {};
    for (const violation of dayOffViolations({ ...values, date }, rigaDate(), (day) => holidays.has(day))) {
      found[violation.propertyPath] ??= violation.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ date, reasonEn: values.reasonEn.trim(), reasonLv: values.reasonLv.trim() });
      notify('success', t('calendar.saved', { date: typed }));
      setValues({ date: '', reasonEn: '', reasonLv: '' });
    } catch (error) {
      const violations = fieldErrorsOf(error);
      if (violations) setErrors(violations);
      else notify('error', t('calendar.saveFailed'));
    }
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
      <Title order={2} size="h4" mb="sm">
        {t('calendar.add')}
      </Title>
      <Stack gap="sm">
        <TextInput
          label={t('calendar.fields.date')}
          description="DD.MM.YYYY"
          required
          maxLength={10}
          {...field('date')}
        />
        <TextInput
          label={t('calendar.fields.reasonEn')}
          required
          maxLength={MAX_DAY_OFF_REASON}
          {...field('reasonEn')}
        />
        <TextInput
          label={t('calendar.fields.reasonLv')}
          required
          maxLength={MAX_DAY_OFF_REASON}
          {...field('reasonLv')}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('calendar.addButton')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

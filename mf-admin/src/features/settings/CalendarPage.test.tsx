import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import CalendarPage from './CalendarPage';

// A year far ahead, so "not in the past" holds whatever day the test runs.
const YEAR_2030 = {
  year: 2030,
  days: [
    { date: '2030-03-01', kind: 'post_day_off', nameEn: 'Bridge day', nameLv: 'Pārceltā darba diena' },
    { date: '2030-12-24', kind: 'public_holiday', nameEn: 'Christmas Eve', nameLv: 'Ziemassvētku vakars' },
  ],
};

function renderPage(routes: Record<string, unknown>, locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi(routes);
  const view = renderRemote(<CalendarPage />, {
    namespace: NAMESPACE,
    catalogues,
    api,
    locale,
    route: '/admin/calendar?year=2030',
    path: '/admin/calendar',
  });
  return { ...view, calls };
}

jest.setTimeout(20_000);

describe('CalendarPage', () => {
  it('lists the year in Latvian, refuses a public holiday beside the field and adds a day off', async () => {
    const { calls } = renderPage(
      {
        'GET /api/admin/calendar': YEAR_2030,
        'PUT /api/admin/calendar/days_off/2030-03-04': { date: '2030-03-04' },
      },
      'lv',
    );
    const user = userEvent.setup({ delay: null });
    const rows = await screen.findAllByTestId('calendar-day');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('01.03.2030Pārceltā darba dienaPasta brīvdiena'),
      expect.stringContaining('24.12.2030Ziemassvētku vakarsSvētku diena'),
    ]);
    expect(calls[0]).toMatchObject({ path: '/api/admin/calendar', query: { year: 2030 } });

    const date = screen.getByLabelText(/^Datums/);
    await user.click(date);
    await user.paste('24.12.2030');
    await user.click(screen.getByLabelText(/^Iemesls angļu valodā/));
    await user.paste('Company day');
    await user.click(screen.getByLabelText(/^Iemesls latviešu valodā/));
    await user.paste('Uzņēmuma diena');
    await user.click(screen.getByRole('button', { name: 'Pievienot brīvdienu' }));
    // The test platform shows server messages as the shared rules word them (the shell translates).
    expect(date).toHaveAccessibleDescription(expect.stringContaining('This day is already a public holiday.'));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(date);
    await user.paste('04.03.2030');
    await user.click(screen.getByRole('button', { name: 'Pievienot brīvdienu' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/admin/calendar/days_off/2030-03-04',
      body: { reasonEn: 'Company day', reasonLv: 'Uzņēmuma diena' },
    });
  });

  it("removes one of the post's days off; public holidays cannot be removed", async () => {
    const { calls } = renderPage({
      'GET /api/admin/calendar': YEAR_2030,
      'DELETE /api/admin/calendar/days_off/2030-03-01': undefined,
    });
    const user = userEvent.setup({ delay: null });
    const [dayOff, holiday] = await screen.findAllByTestId('calendar-day');
    expect(within(holiday as HTMLElement).queryByRole('button')).toBeNull();
    await user.click(within(dayOff as HTMLElement).getByRole('button', { name: 'Remove the day off on 01.03.2030' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/admin/calendar/days_off/2030-03-01');
  });
});

import { DISCOUNT_MESSAGES } from '@portal/shared-contracts/admin';
import { addCalendarDays, rigaDate } from '@portal/shared-contracts/calendar';
import { fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import DiscountFormPage from './DiscountFormPage';

const display = (date: string) => date.split('-').reverse().join('.');
const FROM = addCalendarDays(rigaDate(), 1);
const TILL = addCalendarDays(rigaDate(), 30);

const STORED = {
  '@id': '/api/admin/discounts/7',
  id: 7,
  code: 'SPRING-10',
  kind: 'code',
  type: 'percentage',
  value: 1250,
  frequency: 'each',
  frequencyIndex: null,
  status: 'active',
  usageCount: 3,
  maxCount: 10,
  leftCount: 7,
  validFrom: FROM,
  validTill: TILL,
  userType: 'all',
  createdAt: '2026-11-20T10:00:00.000Z',
};

function renderForm(routes: Record<string, unknown>, route: string, locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi(routes);
  const view = renderRemote(<DiscountFormPage />, {
    namespace: NAMESPACE,
    catalogues,
    api,
    locale,
    route,
    path: route.startsWith('/admin/discounts/edit/') ? '/admin/discounts/edit/:id' : '/admin/discounts/create',
  });
  return { ...view, calls };
}

async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

jest.setTimeout(20_000);

describe('DiscountFormPage', () => {
  it('sends a new percentage discount in basis points with DB dates', async () => {
    const { calls } = renderForm({ 'POST /api/admin/discounts': STORED }, '/admin/discounts/create');
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText(/^Code/), 'spring-10');
    await fill(user, screen.getByLabelText(/^Percentage \(%\)/), '12,5');
    await fill(user, screen.getByLabelText(/^Valid from/), display(FROM));
    await fill(user, screen.getByLabelText(/^Valid till/), display(TILL));
    await user.click(screen.getByRole('button', { name: 'Add the discount' }));
    await waitFor(() => expect(calls.at(-1)?.method).toBe('POST'));
    expect(calls.at(-1)?.body).toEqual({
      code: 'spring-10',
      kind: 'code',
      type: 'percentage',
      value: 1250,
      frequency: 'each',
      frequencyIndex: null,
      status: 'active',
      maxCount: null,
      leftCount: null,
      validFrom: FROM,
      validTill: TILL,
      userType: 'all',
    });
  });

  it('shows the shared rules beside their fields before any call', async () => {
    const { calls } = renderForm({}, '/admin/discounts/create');
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText(/^Code/), 'ATLAIDE 10%');
    await fill(user, screen.getByLabelText(/^Percentage \(%\)/), '10');
    await fill(user, screen.getByLabelText(/^Valid from/), display(TILL));
    await fill(user, screen.getByLabelText(/^Valid till/), display(FROM));
    await fill(user, screen.getByLabelText(/^Maximum count/), '2');
    await fill(user, screen.getByLabelText(/^Count left/), '5');
    await user.click(screen.getByRole('button', { name: 'Add the discount' }));
    expect(screen.getByLabelText(/^Code/)).toHaveAccessibleDescription(
      expect.stringContaining(DISCOUNT_MESSAGES.unreadableCode),
    );
    expect(screen.getByLabelText(/^Valid till/)).toHaveAccessibleDescription(
      expect.stringContaining(DISCOUNT_MESSAGES.tillBeforeFrom),
    );
    expect(screen.getByLabelText(/^Count left/)).toHaveAccessibleDescription(
      expect.stringContaining(DISCOUNT_MESSAGES.leftAboveMax),
    );
    expect(calls).toEqual([]);
  });

  it("shows the API's overlap violation beside the code", async () => {
    renderForm(
      {
        'POST /api/admin/discounts': () => {
          throw violationsError([{ propertyPath: 'code', message: DISCOUNT_MESSAGES.codeActiveInPeriod }]);
        },
      },
      '/admin/discounts/create',
    );
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText(/^Code/), 'SPRING');
    await fill(user, screen.getByLabelText(/^Percentage \(%\)/), '10');
    await fill(user, screen.getByLabelText(/^Valid from/), display(FROM));
    await fill(user, screen.getByLabelText(/^Valid till/), display(TILL));
    await user.click(screen.getByRole('button', { name: 'Add the discount' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Code/)).toHaveAccessibleDescription(
        expect.stringContaining(DISCOUNT_MESSAGES.codeActiveInPeriod),
      ),
    );
  });

  it('opens a stored discount in Latvian, saves it with PUT and deactivates it', async () => {
    const { calls } = renderForm(
      {
        'GET /api/admin/discounts/7': STORED,
        'PUT /api/admin/discounts/7': STORED,
        'POST /api/admin/discounts/7/deactivate': { ...STORED, status: 'inactive' },
      },
      '/admin/discounts/edit/7',
      'lv',
    );
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Labot atlaidi');
    expect(screen.getByLabelText(/^Procenti \(%\)/)).toHaveValue('12,50');
    expect(screen.getByLabelText(/^Derīga no/)).toHaveValue(display(FROM));
    expect(screen.getByRole('navigation', { name: 'Navigācijas ceļš' })).toHaveTextContent('Atlaides');
    await user.click(screen.getByRole('button', { name: 'Saglabāt izmaiņas' }));
    await user.click(screen.getByRole('button', { name: 'Deaktivizēt' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/deactivate'))).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      code: 'SPRING-10',
      value: 1250,
      maxCount: 10,
      leftCount: 7,
    });
  });
});

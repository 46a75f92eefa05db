import type { PlatformSession, User } from '@portal/shared-contracts';
import { anonymousSession, fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import { MyDiscountsPage } from './MyDiscountsPage';

const user: User = {
  '@id': '/api/users/3',
  id: 3,
  email: 'anna@example.com',
  firstName: 'Anna',
  lastName: 'Bērziņa',
  isAdmin: false,
  adminRoles: [],
  identityVerified: true,
  authMethods: ['smartid'],
  userAccounts: [],
};
const session: PlatformSession = { ...anonymousSession(), status: 'authenticated', user, activeAccount: null };

const discount = (overrides: Record<string, unknown>) => ({
  '@id': '/api/user_discounts/1',
  id: 1,
  code: 'LOYAL-5',
  type: 'percentage',
  value: 1500,
  validFrom: '2026-11-01',
  validTill: '2026-12-31',
  assignedAt: '2026-11-20T10:00:00.000Z',
  seenAt: null,
  usable: true,
  ...overrides,
});
const collection = (members: unknown[]) => ({ 'hydra:member': members, 'hydra:totalItems': members.length });

function renderPage(routes: Record<string, unknown>, locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi(routes);
  renderRemote(<MyDiscountsPage />, { namespace: NAMESPACE, catalogues, api, locale, session });
  return { calls };
}

describe('MyDiscountsPage', () => {
  it('lists the loyalty discounts and opens the new-discount dialog once, marking them seen on close', async () => {
    let seen = false;
    const { calls } = renderPage({
      'GET /api/user_discounts': () =>
        collection([
          discount({ seenAt: seen ? '2026-11-21T10:00:00.000Z' : null }),
          discount({ id: 2, code: 'OLD-1', usable: false, seenAt: '2026-01-01T00:00:00.000Z' }),
        ]),
      'POST /api/user_discounts/1/seen': () => {
        seen = true;
        return undefined;
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'You have a new discount' });
    expect(within(dialog).getByText('LOYAL-5')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('15,00 % off the tariff (valid till 31.12.2026)');
    expect(dialog).toHaveTextContent('press Apply before you pay');
    const table = screen.getByTestId('my-discounts');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table).toHaveTextContent('Expired or used up');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/user_discounts/1/seen',
    ]);
  });

  it('says so in Latvian when there are none, with no dialog', async () => {
    renderPage({ 'GET /api/user_discounts': collection([]) }, 'lv');
    expect(await screen.findByTestId('my-discounts-empty')).toHaveTextContent('Jums vēl nav lojalitātes atlaižu.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

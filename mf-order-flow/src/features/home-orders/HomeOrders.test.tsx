import type { PlatformSession } from '@portal/shared-contracts';
import { screen } from '@testing-library/react';
import HomeCompanyShipments from '../../exposes/HomeCompanyShipments';
import HomeRecentOrders from '../../exposes/HomeRecentOrders';
import { anonymousSession, fakeApi, renderWithPlatform } from '../../test/render';

const user = {
  '@id': '/api/users/1',
  id: 1,
  email: 'janis@example.com',
  firstName: 'Jānis',
  lastName: 'Ozols',
  isAdmin: false,
  adminRoles: [],
  identityVerified: true,
  authMethods: [],
  userAccounts: [],
};

const session = (account: { id: number; type: 'private' | 'company'; companyName?: string }): PlatformSession => ({
  ...anonymousSession,
  status: 'authenticated',
  user,
  activeAccount: { companyName: null, email: null, ...account } as never,
});

function row(key: string, status: 'paid' | 'unfinished' | 'delivered', type = 'parcel') {
  return {
    '@id': `/api/orders/${key}/order_lines/1`,
    order: `/api/orders/${key}`,
    orderLineId: 1,
    barcode: status === 'unfinished' ? null : 'CC123456785LV',
    status,
    orderStatus: status === 'unfinished' ? 'unfinished' : 'paid',
    statusDate: '2026-11-22T10:00:00Z',
    receiver: 'Ilze Liepa',
    address: 'Lielā iela 5, Liepāja',
    country: 'LV',
    type,
    price: 450,
    createdAt: '2026-11-22T10:00:00Z',
  };
}

describe('home recent orders', () => {
  it('lists the user’s own latest orders with number, date, status and a link to each', async () => {
    const { api, calls } = fakeApi({
      'GET /api/orders': {
        'hydra:member': [row('k1', 'delivered'), row('k2', 'unfinished', 'letter')],
        'hydra:totalItems': 2,
      },
    });
    renderWithPlatform(<HomeRecentOrders />, { api, session: session({ id: 4, type: 'private' }) });
    const list = await screen.findByRole('table');
    expect(screen.getByRole('heading', { name: 'Your recent orders' })).toBeInTheDocument();
    expect(list).toHaveTextContent('22.11.2026');
    expect(list).toHaveTextContent('Delivered');
    expect(screen.getByRole('link', { name: 'CC123456785LV' })).toHaveAttribute('href', '/orders/parcel/k1');
    expect(screen.getByRole('link', { name: 'Letter (no number yet)' })).toHaveAttribute('href', '/orders/letter/k2');
    expect(screen.getByRole('link', { name: 'All my orders' })).toHaveAttribute('href', '/my-orders');
    expect(calls).toEqual([
      expect.objectContaining({
        path: '/api/orders',
        query: { rowsPerPage: 5, '_order[createdAt]': 'DESC', mine: 'true' },
        // The active account is named by the shell's API client (getAccountId), not by the remote.
        headers: undefined,
      }),
    ]);
  });

  it('says so when there are none yet', async () => {
    const { api } = fakeApi({ 'GET /api/orders': { 'hydra:member': [], 'hydra:totalItems': 0 } });
    renderWithPlatform(<HomeRecentOrders />, { api, session: session({ id: 4, type: 'private' }) });
    expect(await screen.findByTestId('recent-orders-empty')).toHaveTextContent('You have no orders yet.');
  });

  it('shows skeleton rows while loading and an error when the list fails', async () => {
    const { api } = fakeApi({
      'GET /api/orders': () => {
        throw new Error('down');
      },
    });
    renderWithPlatform(<HomeRecentOrders />, { api, session: session({ id: 4, type: 'private' }) });
    expect(screen.getByLabelText('Loading…', { exact: false })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('alert')).toHaveTextContent('The orders could not be loaded.');
  });
});

describe('home all-shipments list of a company', () => {
  it('lists every shipment of the company account with its receiver', async () => {
    const { api, calls } = fakeApi({
      'GET /api/orders': { 'hydra:member': [row('k1', 'paid')], 'hydra:totalItems': 1 },
    });
    renderWithPlatform(<HomeCompanyShipments />, {
      api,
      session: session({ id: 9, type: 'company', companyName: 'SIA Demo Company' }),
    });
    expect(await screen.findByRole('heading', { name: 'All shipments of SIA Demo Company' })).toBeInTheDocument();
    expect(await screen.findByRole('table')).toHaveTextContent('Ilze Liepa');
    expect(screen.getByRole('link', { name: 'All shipments' })).toHaveAttribute('href', '/my-orders');
    expect(calls[0]).toEqual(
      expect.objectContaining({
        query: { rowsPerPage: 10, '_order[createdAt]': 'DESC' },
        headers: undefined,
      }),
    );
  });

  it('is empty for a private account and asks nothing', () => {
    const { api, calls } = fakeApi({});
    const { container } = renderWithPlatform(<HomeCompanyShipments />, {
      api,
      session: session({ id: 4, type: 'private' }),
    });
    expect(container.querySelector('[data-testid="company-shipments"]')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('speaks Latvian', async () => {
    const { api } = fakeApi({ 'GET /api/orders': { 'hydra:member': [], 'hydra:totalItems': 0 } });
    const { renderRemote } = await import('@portal/shared-contracts/testing');
    const { catalogues, NAMESPACE } = await import('../../i18n');
    renderRemote(<HomeCompanyShipments />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      locale: 'lv',
      session: session({ id: 9, type: 'company', companyName: 'SIA Demo Company' }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Visi uzņēmuma sūtījumi: SIA Demo Company' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('company-shipments-empty')).toHaveTextContent('Uzņēmumam vēl nav sūtījumu.');
  });
});

import { anonymousSession, fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { catalogues, NAMESPACE } from '../../i18n';
import ApplicationsPage from './ApplicationsPage';
import ArchivePage from './ArchivePage';
import type { AdminUser, AdminUserDetail, CompanyApplication } from './api';
import UserEditPage from './UserEditPage';
import UserShowPage from './UserShowPage';
import UsersListPage from './UsersListPage';

const withRoles = (adminRoles: string[]) => ({
  ...anonymousSession(),
  status: 'authenticated' as const,
  user: {
    '@id': '/api/users/1',
    id: 1,
    email: 'staff@example.com',
    firstName: null,
    lastName: null,
    isAdmin: true,
    adminRoles,
    identityVerified: true,
    authMethods: ['password'],
    userAccounts: [],
  },
});

const ANNA: AdminUser = {
  '@id': '/api/admin/users/7',
  '@type': 'AdminUser',
  id: 7,
  email: 'anna@example.com',
  firstName: 'Anna',
  lastName: 'Bērziņa',
  adminRoles: [],
  authMethods: ['smartid'],
  status: 'blocked',
  blockedAt: '2026-11-20T10:00:00.000Z',
  deletedAt: null,
  createdAt: '2026-11-01T08:30:00.000Z',
};

const ANNA_DETAIL: AdminUserDetail = {
  ...ANNA,
  userAccounts: [
    {
      linkId: 3,
      role: 'MAIN_ADMIN',
      clientId: 42,
      type: 'company',
      email: 'office@sia.example',
      company: 'SIA Tests',
      registrationNumber: '40003000001',
      contractNumber: 'DEMO-0001',
      separateInvoice: true,
      clientStatus: 'active',
      phone: '+371 67000000',
      address: 'Rīga',
      branches: ['Centrs'],
      addedAt: '2026-11-02T09:00:00.000Z',
      addedBy: { id: 1, email: 'staff@example.com', name: 'Ieva Admin' },
    },
  ],
};

const APPLICATION: CompanyApplication = {
  '@id': '/api/admin/company_applications/5',
  '@type': 'CompanyApplication',
  id: 5,
  companyName: 'SIA Pieteikums',
  registrationNumber: '40003000001',
  vatNumber: 'LV40003000001',
  email: 'office@pieteikums.example',
  phonePrefix: '371',
  phone: '67000000',
  address: 'Rīga',
  iban: 'LV80BANK0000435195001',
  status: 'pending',
  reviewedAt: null,
  accountId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  applicant: { id: 7, email: 'anna@example.com', firstName: 'Anna', lastName: 'Bērziņa' },
};

describe('UsersListPage', () => {
  it('searches, filters and sorts on the server, with breadcrumbs', async () => {
    const { api, calls } = fakeApi({ 'GET /api/admin/users': { 'hydra:member': [ANNA], 'hydra:totalItems': 1 } });
    renderRemote(<UsersListPage />, { namespace: NAMESPACE, catalogues, api, route: '/admin/users' });
    const table = await screen.findByTestId('users-table');
    expect(within(table).getByRole('link', { name: 'anna@example.com' })).toHaveAttribute(
      'href',
      '/admin/users/show/7',
    );
    expect(within(table).getByText('Blocked')).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumbs' })).getByRole('link', { name: 'Administration' }),
    ).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ query: { 'order[createdAt]': 'desc', page: 1 } });
    fireEvent.change(screen.getByLabelText('Search by e-mail, name or ID'), { target: { value: 'anna' } });
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ path: '/api/admin/users', query: { search: 'anna' } }));
  });

  it('speaks Latvian', async () => {
    const { api } = fakeApi({ 'GET /api/admin/users': { 'hydra:member': [ANNA], 'hydra:totalItems': 1 } });
    renderRemote(<UsersListPage />, { namespace: NAMESPACE, catalogues, api, locale: 'lv', route: '/admin/users' });
    expect(await screen.findByText('1 lietotājs')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Lietotāji' })).toBeInTheDocument();
  });
});

describe('UserShowPage', () => {
  it('shows the admin user-account view of SPEC §3 and the edit link to an administrator only', async () => {
    const { api } = fakeApi({ 'GET /api/admin/users/7': ANNA_DETAIL });
    renderRemote(<UserShowPage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      route: '/admin/users/show/7',
      path: '/admin/users/show/:id',
      session: withRoles(['administrator']),
    });
    const table = await screen.findByTestId('user-accounts-table');
    for (const text of [
      '42',
      'SIA Tests',
      'Centrs',
      'DEMO-0001',
      '40003000001',
      'Main administrator',
      '02.11.2026',
      'Ieva Admin',
      'Yes',
      'Active',
    ]) {
      expect(within(table).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/users/editor/7');
  });

  it('gives customer service no edit link', async () => {
    const { api } = fakeApi({ 'GET /api/admin/users/7': ANNA_DETAIL });
    renderRemote(<UserShowPage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      route: '/admin/users/show/7',
      path: '/admin/users/show/:id',
      session: withRoles(['customer_service']),
    });
    await screen.findByTestId('user-accounts-table');
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });
});

describe('UserEditPage', () => {
  it('sends the names and the block, and shows the server’s violations beside the fields', async () => {
    const patch = jest
      .fn()
      .mockRejectedValueOnce(
        violationsError([{ propertyPath: 'firstName', message: 'This value is not a valid name.' }]),
      );
    const { api } = fakeApi({ 'GET /api/admin/users/7': ANNA_DETAIL, 'PATCH /api/admin/users/7': patch });
    renderRemote(<UserEditPage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      route: '/admin/users/editor/7',
      path: '/admin/users/editor/:id',
    });
    const blocked = await screen.findByRole('checkbox', { name: 'Blocked' });
    expect(blocked).toBeChecked();
    fireEvent.click(blocked);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'A1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith({ firstName: 'A1', lastName: 'Bērziņa', blocked: false }, expect.anything()),
    );
    expect(await screen.findByText('This value is not a valid name.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('UserEditPage: the accounts', () => {
  it('saves the contract number, separate invoice and client status of an account', async () => {
    const patch = jest.fn().mockResolvedValue({});
    const { api } = fakeApi({ 'GET /api/admin/users/7': ANNA_DETAIL, 'PATCH /api/admin/accounts/42': patch });
    renderRemote(<UserEditPage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      route: '/admin/users/editor/7',
      path: '/admin/users/editor/:id',
    });
    const form = await screen.findByRole('form', { name: 'Account SIA Tests (client ID 42)' });
    expect(within(form).getByLabelText('Contract number')).toHaveValue('DEMO-0001');
    fireEvent.change(within(form).getByLabelText('Contract number'), { target: { value: 'L-7' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Active client' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save the account' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(
        { contractNumber: 'L-7', separateInvoice: true, isActive: false },
        expect.anything(),
      ),
    );
  });
});

describe('ApplicationsPage', () => {
  it('lets an administrator approve a pending application after confirming', async () => {
    const approve = jest.fn().mockResolvedValue({ ...APPLICATION, status: 'approved', accountId: 50 });
    const { api, calls } = fakeApi({
      'GET /api/admin/company_applications': { 'hydra:member': [APPLICATION], 'hydra:totalItems': 1 },
      'POST /api/admin/company_applications/5/approve': approve,
    });
    renderRemote(<ApplicationsPage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      route: '/admin/users/applications',
      session: withRoles(['administrator']),
    });
    const row = await screen.findByTestId('application-5');
    expect(row).toHaveTextContent('LV80BANK0000435195001');
    expect(calls[0]).toMatchObject({ query: { status: 'pending' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Approve the application of SIA Pieteikums' }));
    expect(approve).not.toHaveBeenCalled();
    fireEvent.click(within(row).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(approve).toHaveBeenCalled());
  });

  it('shows customer service the applications without the buttons', async () => {
    const { api } = fakeApi({
      'GET /api/admin/company_applications': { 'hydra:member': [APPLICATION], 'hydra:totalItems': 1 },
    });
    renderRemote(<ApplicationsPage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      route: '/admin/users/applications',
      session: withRoles(['customer_service']),
    });
    const row = await screen.findByTestId('application-5');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(within(row).getByText('Waiting')).toBeInTheDocument();
  });
});

describe('ArchivePage', () => {
  it('lists deleted profiles, and archived orders on their tab', async () => {
    const { api } = fakeApi({
      'GET /api/admin/archive/deleted_profiles': {
        'hydra:member': [{ ...ANNA, status: 'deleted', deletedAt: '2026-11-21T12:00:00.000Z' }],
        'hydra:totalItems': 1,
      },
      'GET /api/admin/archive/orders': {
        'hydra:member': [
          {
            '@id': '/api/admin/archive/orders/9',
            id: 9,
            status: 'paid',
            totalCents: 123456,
            barcodes: ['RR123456785LV'],
            user: { id: 7, email: 'anna@example.com' },
            createdAt: '2026-11-01T08:30:00.000Z',
            paidAt: '2026-11-01T08:40:00.000Z',
            archivedAt: '2026-11-21T12:00:00.000Z',
            pseudonymisedAt: null,
          },
        ],
        'hydra:totalItems': 1,
      },
    });
    renderRemote(<ArchivePage />, { namespace: NAMESPACE, catalogues, api, route: '/admin/archive' });
    const profiles = await screen.findByTestId('deleted-profiles-table');
    expect(within(profiles).getByRole('link', { name: 'anna@example.com' })).toHaveAttribute(
      'href',
      '/admin/users/show/7',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Archived orders' }));
    const orders = await screen.findByTestId('archived-orders-table');
    expect(within(orders).getByText('RR123456785LV')).toBeInTheDocument();
    expect(within(orders).getByText('1.234,56 €')).toBeInTheDocument();
  });
});

import type { Account, PlatformSession, User } from '@portal/shared-contracts';
import type { ApiKey } from '@portal/shared-contracts/account';
import { anonymousSession, fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../../i18n';
import { SettingsPage } from '../SettingsPage';

const company: Account = {
  '@id': '/api/accounts/7',
  id: 7,
  type: 'company',
  email: 'office@company.test',
  isActive: true,
  companyName: 'SIA Keys',
  contact: {
    phonePrefix: '371',
    phone: '21234567',
    address: 'Brīvības iela 1, Rīga',
    returnParcelLocker: null,
    eNotifications: 'agree',
    company: true,
  },
  userAccounts: [{ id: 9, role: 'MAIN_ADMIN', ownerUser: { id: 3, email: 'anna@example.com' } }],
  branches: [],
};

function sessionWith(account: Account, role: string): PlatformSession {
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
    userAccounts: [{ id: 9, role, account }],
  };
  return { ...anonymousSession(), status: 'authenticated', user, activeAccount: account };
}

const listed: ApiKey = {
  '@id': '/api/accounts/7/api_keys/1',
  id: 1,
  name: 'Web shop',
  scopes: ['read', 'ship'],
  prefix: 'lvp_live_0123456789abcdef',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'Anna Bērziņa',
  lastUsedAt: '2026-11-21T08:30:00.000Z',
  revokedAt: null,
  recentUses: [{ method: 'POST', route: '/api/orders', status: 201, usedAt: '2026-11-21T08:30:00.000Z' }],
};
const collection = (members: ApiKey[]) => ({ 'hydra:member': members, 'hydra:totalItems': members.length });

function renderIntegrations(routes: Record<string, unknown>, session: PlatformSession, locale: 'en' | 'lv' = 'en') {
  const fake = fakeApi({ 'GET /api/ebay/accounts': collection([]), ...routes });
  renderRemote(<SettingsPage />, {
    namespace: NAMESPACE,
    catalogues,
    api: fake.api,
    route: '/settings/integrations',
    path: '/settings/:tab?',
    session,
    locale,
  });
  return { ...fake, user: userEvent.setup() };
}

describe('API keys on the Integrations tab', () => {
  it('lists the keys with scopes, dates (DD.MM.YYYY) and last use', async () => {
    renderIntegrations({ 'GET /api/accounts/7/api_keys': collection([listed]) }, sessionWith(company, 'MAIN_ADMIN'));
    const row = await screen.findByTestId('api-key-1');
    expect(row).toHaveTextContent('Web shop');
    expect(row).toHaveTextContent('lvp_live_0123456789abcdef…');
    expect(row).toHaveTextContent('Read');
    expect(row).toHaveTextContent('Ship');
    expect(row).toHaveTextContent(/20\.11\.2026/);
    expect(row).toHaveTextContent('POST /api/orders → 201');
    expect(row).toHaveTextContent('Active');
  });

  it('is not shown to an ordinary user of the company', async () => {
    const { calls } = renderIntegrations({}, sessionWith(company, 'USER'));
    expect(await screen.findByTestId('integration-ebay')).toBeInTheDocument();
    expect(screen.queryByTestId('api-keys')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('api_keys'))).toBe(false);
  });

  it('is not shown on a private account', async () => {
    const { calls } = renderIntegrations(
      {},
      sessionWith({ ...company, type: 'private', companyName: null }, 'MAIN_ADMIN'),
    );
    expect(await screen.findByTestId('integration-ebay')).toBeInTheDocument();
    expect(screen.queryByTestId('api-keys')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('api_keys'))).toBe(false);
  });

  it('shows the violations beside the fields, from the shared rules and from the API', async () => {
    const { user, calls } = renderIntegrations(
      {
        'GET /api/accounts/7/api_keys': collection([]),
        'POST /api/accounts/7/api_keys': () => {
          throw violationsError([
            { propertyPath: 'scopes[0]', message: 'The value you selected is not a valid choice.' },
          ]);
        },
      },
      sessionWith(company, 'MAIN_ADMIN'),
    );
    const form = await screen.findByRole('form', { name: 'Create an API key' });
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(within(form).getByText('Give the key a name.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one permission.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Shop');
    await user.click(within(form).getByRole('checkbox', { name: /Track/ }));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('The value you selected is not a valid choice.')).toBeInTheDocument();
  });

  it('creates a key and shows it once, with a copy button and a warning', async () => {
    const key = `lvp_live_fedcba9876543210_${'A'.repeat(43)}`;
    const { user, calls } = renderIntegrations(
      {
        'GET /api/accounts/7/api_keys': collection([]),
        'POST /api/accounts/7/api_keys': { ...listed, id: 2, name: 'Warehouse', scopes: ['track'], key },
      },
      sessionWith(company, 'MAIN_ADMIN'),
    );
    const form = await screen.findByRole('form', { name: 'Create an API key' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), ' Warehouse ');
    await user.click(within(form).getByRole('checkbox', { name: /Track/ }));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    expect(await screen.findByTestId('new-api-key')).toHaveValue(key);
    expect(screen.getByText(/it is shown only this once/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Warehouse', scopes: ['track'] });
    await user.click(screen.getByRole('button', { name: 'Copy the key' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(key);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByTestId('new-api-key')).not.toBeInTheDocument();
  });

  it('makes a test key when asked, and marks test keys in the list (issue 38)', async () => {
    const key = `lvp_test_fedcba9876543210_${'B'.repeat(43)}`;
    const testKey: ApiKey = { ...listed, id: 3, name: 'Sandbox', mode: 'test', prefix: 'lvp_test_fedcba9876543210' };
    const { user, calls } = renderIntegrations(
      {
        'GET /api/accounts/7/api_keys': collection([testKey]),
        'POST /api/accounts/7/api_keys': { ...testKey, id: 4, scopes: ['ship'], key },
      },
      sessionWith(company, 'MAIN_ADMIN'),
    );
    expect(within(await screen.findByTestId('api-key-3')).getByText('Test')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create an API key' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Sandbox');
    await user.click(within(form).getByRole('checkbox', { name: /Ship/ }));
    await user.click(within(form).getByRole('checkbox', { name: /Test key/ }));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-api-key')).toHaveValue(key);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Sandbox',
      scopes: ['ship'],
      mode: 'test',
    });
  });

  it('revokes a key only after the confirmation', async () => {
    const { user, calls } = renderIntegrations(
      {
        'GET /api/accounts/7/api_keys': collection([listed]),
        'POST /api/accounts/7/api_keys/1/revoke': { ...listed, revokedAt: '2026-11-22T09:00:00.000Z' },
      },
      sessionWith(company, 'MAIN_ADMIN'),
    );
    await user.click(await screen.findByRole('button', { name: 'Revoke the key Web shop' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Programs that use it will stop working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.path.endsWith('/revoke'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke the key Web shop' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke the key' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/accounts/7/api_keys/1/revoke')).toBe(true));
  });

  it('speaks Latvian', async () => {
    renderIntegrations(
      { 'GET /api/accounts/7/api_keys': collection([listed]) },
      sessionWith(company, 'MAIN_ADMIN'),
      'lv',
    );
    expect(await screen.findByRole('heading', { name: 'API atslēgas' })).toBeInTheDocument();
    expect(await screen.findByTestId('api-key-1')).toHaveTextContent('Aktīva');
    expect(screen.getByRole('form', { name: 'Izveidot API atslēgu' })).toBeInTheDocument();
  });
});

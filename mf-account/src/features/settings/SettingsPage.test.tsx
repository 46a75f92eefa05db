import type { Account, PlatformSession, User } from '@portal/shared-contracts';
import { anonymousSession, fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import { goToConsent } from './integrations/ebay-api';
import { countdownText } from './my-data/PhoneChange';
import { SettingsPage } from './SettingsPage';

// Leaving for eBay's consent page is a full navigation, which jsdom cannot do: record it instead.
jest.mock('./integrations/ebay-api', () => ({
  ...jest.requireActual('./integrations/ebay-api'),
  goToConsent: jest.fn(),
}));

const privateAccount: Account = {
  '@id': '/api/accounts/5',
  id: 5,
  type: 'private',
  email: 'anna@example.com',
  isActive: true,
  companyName: null,
  contact: {
    phonePrefix: '371',
    phone: '21234567',
    address: 'Brīvības iela 1, Rīga',
    returnParcelLocker: null,
    eNotifications: 'agree',
    company: false,
  },
  userAccounts: [{ id: 9, role: 'MAIN_ADMIN', ownerUser: { id: 3, email: 'anna@example.com' } }],
  branches: [],
};

function sessionWith(account: Account, role = 'MAIN_ADMIN'): PlatformSession {
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

function renderSettings(route: string, routes: Record<string, unknown>, session = sessionWith(privateAccount)) {
  const fake = fakeApi(routes);
  const result = renderRemote(<SettingsPage />, {
    namespace: NAMESPACE,
    catalogues,
    api: fake.api,
    route,
    path: '/settings/:tab?',
    session,
  });
  return { ...fake, ...result, session, user: userEvent.setup() };
}

/** No code waiting to be typed: an ordinary answer, not a 404 (issue 40). */
const NO_PENDING = null;

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
});

describe('/settings', () => {
  it('shows the four tabs, My data first, each at its own address', async () => {
    const { user } = renderSettings('/settings', {
      'GET /api/accounts/5/phone_verifications/pending': NO_PENDING,
    });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['My data', 'Settings', 'Product classification', 'Integrations']);
    expect(screen.getByRole('tab', { name: 'My data' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Sender profile' })).toBeInTheDocument();
    expect(screen.getByTestId('current-phone')).toHaveTextContent('+371 21234567');

    await user.click(screen.getByRole('tab', { name: 'Integrations' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/settings/integrations');
  });

  it('shows Integrations with eBay not linked', async () => {
    renderSettings('/settings/integrations', {
      'GET /api/ebay/accounts': { 'hydra:member': [], 'hydra:totalItems': 0 },
    });
    expect(await screen.findByTestId('integration-state-ebay')).toHaveTextContent('eBay not linked');
  });

  it('lists eBay accounts with their state, completes an unfinished link on eBay and unlinks', async () => {
    const assign = goToConsent as jest.Mock;
    const accounts = [
      {
        '@id': '/api/ebay/accounts/1',
        id: 1,
        name: 'Amber shop',
        status: 'linked',
        importedAt: null,
        importProblem: null,
        createdAt: '',
      },
      {
        '@id': '/api/ebay/accounts/2',
        id: 2,
        name: 'Old shop',
        status: 'unfinished',
        importedAt: null,
        importProblem: null,
        createdAt: '',
      },
    ];
    const { calls, user } = renderSettings('/settings/integrations', {
      'GET /api/ebay/accounts': { 'hydra:member': accounts, 'hydra:totalItems': 2 },
      'POST /api/ebay/accounts/2/consent': {
        account: accounts[1],
        consentUrl: 'https://auth.example/oauth2/authorize?state=s',
      },
      'POST /api/ebay/accounts': () => {
        throw violationsError([{ propertyPath: 'name', message: 'This value is too long.' }]);
      },
      'DELETE /api/ebay/accounts/1': undefined,
    });
    const linked = await screen.findByTestId('ebay-account-1');
    expect(within(linked).getByText('Linked')).toBeInTheDocument();
    const unfinished = screen.getByTestId('ebay-account-2');
    expect(within(unfinished).getByText('Unfinished')).toBeInTheDocument();
    await user.click(within(unfinished).getByRole('button', { name: 'Complete linking' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://auth.example/oauth2/authorize?state=s'));
    // A new link: the name is required here, the server's violation shown beside the field.
    await user.click(screen.getByRole('button', { name: 'Link an eBay account' }));
    expect(await screen.findByText('Enter a name for the account.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Name of the eBay account/), 'Shop');
    await user.click(screen.getByRole('button', { name: 'Link an eBay account' }));
    expect(await screen.findByText('This value is too long.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unlink Amber shop' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/ebay/accounts/1')).toBe(true),
    );
  });

  it('answers an unknown tab with the not-found page', () => {
    renderSettings('/settings/nonsense', {});
    expect(screen.getByText('Page not found')).toBeInTheDocument();
  });
});

describe('phone change', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('counts the resend time down as m:ss', () => {
    expect(countdownText(60)).toBe('1:00');
    expect(countdownText(9)).toBe('0:09');
  });

  it('checks the number before sending, sends the code, counts down and confirms the code', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), advanceTimers: true });
    const sent = {
      '@id': '/api/accounts/5/phone_verifications/12',
      '@type': 'PhoneVerification',
      id: 12,
      phonePrefix: '371',
      phone: '29876543',
      expiresAt: '2026-11-23T10:10:00.000Z',
      resendAvailableAt: '2026-11-23T10:01:00.000Z',
      attemptsLeft: 5,
    };
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { calls, session } = renderSettings('/settings', {
      'GET /api/accounts/5/phone_verifications/pending': NO_PENDING,
      'POST /api/accounts/5/phone_verifications': sent,
      'POST /api/accounts/5/phone_verifications/12/confirm': (body: { code?: string }) => {
        if (body.code !== '123456')
          throw violationsError([
            { propertyPath: 'code', message: 'Verification code invalid.', code: 'VERIFICATION_CODE_INVALID' },
          ]);
        return privateAccount;
      },
    });
    await user.click(screen.getByTestId('phone-change-start'));
    await user.type(screen.getByTestId('new-phone'), '31234567');
    await user.click(screen.getByTestId('phone-send-code'));
    expect(screen.getByText('A Latvian phone number has 8 digits and starts with 2 or 6.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(screen.getByTestId('new-phone'));
    await user.type(screen.getByTestId('new-phone'), '29876543');
    await user.click(screen.getByTestId('phone-send-code'));
    expect(await screen.findByTestId('phone-code-sent')).toHaveTextContent('+371 29876543');
    expect(screen.getByTestId('phone-resend')).toBeDisabled();
    expect(screen.getByTestId('phone-resend-countdown')).toHaveTextContent('A new code can be sent in 1:00');
    act(() => {
      jest.advanceTimersByTime(15_000);
    });
    expect(screen.getByTestId('phone-resend-countdown')).toHaveTextContent('0:45');

    // A malformed code is refused before it is sent; a wrong one gets the API's message.
    await user.type(screen.getByTestId('phone-code'), '12');
    await user.click(screen.getByTestId('phone-confirm'));
    expect(screen.getByText('Verification code invalid.')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/confirm'))).toBe(false);
    await user.clear(screen.getByTestId('phone-code'));
    await user.type(screen.getByTestId('phone-code'), '654321');
    await user.click(screen.getByTestId('phone-confirm'));
    expect(await screen.findByText('Verification code invalid.')).toBeInTheDocument();

    await user.clear(screen.getByTestId('phone-code'));
    await user.type(screen.getByTestId('phone-code'), '123456');
    await user.click(screen.getByTestId('phone-confirm'));
    await waitFor(() => expect(session.reloadUser).toHaveBeenCalled());
    expect(await screen.findByTestId('phone-change-start')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(60_000);
    });
  });

  it('takes "no code waiting" (null, issue 40) as the ordinary answer: the phone can be changed', async () => {
    const { calls } = renderSettings('/settings/my-data', {
      'GET /api/accounts/5/phone_verifications/pending': NO_PENDING,
    });
    expect(await screen.findByTestId('phone-change-start')).toBeEnabled();
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(
        'GET /api/accounts/5/phone_verifications/pending',
      ),
    );
    expect(screen.queryByTestId('phone-code-sent')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('carries on with a code sent before the page was reloaded, and offers a new one when the time is up', async () => {
    const pending = {
      '@id': '/api/accounts/5/phone_verifications/13',
      '@type': 'PhoneVerification',
      id: 13,
      phonePrefix: '371',
      phone: '29876543',
      expiresAt: new Date(Date.now() + 540_000).toISOString(),
      resendAvailableAt: new Date(Date.now() - 1000).toISOString(),
      attemptsLeft: 3,
    };
    renderSettings('/settings/my-data', { 'GET /api/accounts/5/phone_verifications/pending': pending });
    expect(await screen.findByTestId('phone-code-sent')).toHaveTextContent('+371 29876543');
    expect(screen.getByTestId('phone-resend')).toBeEnabled();
    expect(screen.queryByTestId('phone-resend-countdown')).toBeNull();
  });
});

describe('a company account', () => {
  const company: Account = {
    ...privateAccount,
    '@id': '/api/accounts/8',
    id: 8,
    type: 'company',
    companyName: 'SIA Demo Company',
    contractNumber: 'DEMO-0001',
    separateInvoice: true,
    branches: [{ id: 1, name: 'Head office', address: 'Brīvības iela 1, Rīga' }],
    userAccounts: [
      { id: 20, role: 'MAIN_ADMIN', ownerUser: { id: 3, email: 'anna@example.com', firstName: 'Anna', lastName: 'B' } },
      { id: 21, role: 'USER', ownerUser: { id: 4, email: 'juris@example.com', firstName: 'Juris', lastName: 'K' } },
    ],
  };

  it('shows users, branches, contract number and separate invoice; its main administrator adds users', async () => {
    const { user, calls } = renderSettings(
      '/settings',
      {
        'GET /api/accounts/8/phone_verifications/pending': NO_PENDING,
        'GET /api/accounts/8': company,
        'POST /api/accounts/8/user_accounts': () => {
          throw violationsError([
            {
              propertyPath: 'email',
              message: 'No registered user has this e-mail address. They must sign in to the portal once first.',
            },
          ]);
        },
      },
      sessionWith(company),
    );
    const section = await screen.findByTestId('company-section');
    expect(within(section).getByTestId('contract-number')).toHaveTextContent('DEMO-0001');
    expect(within(section).getByTestId('separate-invoice')).toHaveTextContent('Yes');
    expect(within(section).getByTestId('company-branches')).toHaveTextContent('Head office');
    const rows = within(section).getAllByTestId('company-user');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Main administrator'),
      expect.stringContaining('juris@example.com'),
    ]);
    const form = screen.getByTestId('add-company-user');
    await user.type(within(form).getByLabelText(/^E-mail/), 'nobody@example.com');
    await user.click(within(form).getByRole('button', { name: 'Add the user' }));
    expect(await within(form).findByText(/No registered user has this e-mail address/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'nobody@example.com', role: 'USER' });
  });

  it('shows an ordinary user the users but no means to change them', async () => {
    renderSettings(
      '/settings',
      { 'GET /api/accounts/8/phone_verifications/pending': NO_PENDING, 'GET /api/accounts/8': company },
      sessionWith(company, 'USER'),
    );
    await screen.findByTestId('company-section');
    expect(screen.queryByTestId('add-company-user')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});

describe('product classification', () => {
  const SAVED = {
    'hydra:member': [
      {
        '@id': '/api/accounts/5/saved_hs_codes/1',
        '@type': 'SavedHsCode',
        id: 1,
        code: '420222',
        description: 'Shop handbags',
        hsDescription: 'Handbags with outer surface of plastic sheeting or textile',
        hsDescriptionLv: 'Rokassomas ar ārējo virsmu no plastmasas loksnēm vai tekstila',
        createdAt: '2026-11-23T10:00:00.000Z',
      },
    ],
    'hydra:totalItems': 1,
  };

  it('lists the saved codes, refuses a code saved already before sending, and saves a new one as digits', async () => {
    const { user, calls } = renderSettings('/settings/product-classification', {
      'GET /api/accounts/5/saved_hs_codes': SAVED,
      'GET /api/hs_codes': { 'hydra:member': [], 'hydra:totalItems': 0 },
      'POST /api/accounts/5/saved_hs_codes': (body: { code: string }) => ({
        ...SAVED['hydra:member'][0],
        ...body,
        id: 2,
      }),
    });
    const row = await screen.findByTestId('saved-hs-code');
    expect(row).toHaveTextContent('420222');
    expect(row).toHaveTextContent('Shop handbags');
    const form = screen.getByTestId('add-hs-code');
    await user.type(within(form).getByRole('combobox', { name: /^HS code/ }), '4202 22');
    await user.type(within(form).getByLabelText(/^Your description/), 'More bags');
    await user.click(within(form).getByTestId('hs-code-save'));
    expect(within(form).getByText('This goods code is already saved.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(within(form).getByRole('combobox', { name: /^HS code/ }));
    await user.type(within(form).getByRole('combobox', { name: /^HS code/ }), '4901.99');
    await user.click(within(form).getByTestId('hs-code-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ code: '490199', description: 'More bags' }),
    );
  });

  it('shows the Latvian name of the goods in Latvian', async () => {
    const fake = fakeApi({ 'GET /api/accounts/5/saved_hs_codes': SAVED });
    renderRemote(<SettingsPage />, {
      namespace: NAMESPACE,
      catalogues,
      api: fake.api,
      locale: 'lv',
      route: '/settings/product-classification',
      path: '/settings/:tab?',
      session: sessionWith(privateAccount),
    });
    expect(await screen.findByText(/Rokassomas ar ārējo virsmu/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Preču klasifikācija' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('the Settings tab', () => {
  it('stores the consent on the account, and the language and chosen status changes as the user’s settings', async () => {
    const setLocale = jest.fn();
    const fake = fakeApi({
      'GET /api/users/3/notification_settings': {
        language: null,
        statuses: ['transferred', 'transferredInBulk', 'delivered'],
      },
      'PATCH /api/accounts/5': privateAccount,
      'PUT /api/users/3/notification_settings': (body: unknown) => body,
    });
    const user = userEvent.setup();
    const session = sessionWith(privateAccount);
    renderRemote(<SettingsPage />, {
      namespace: NAMESPACE,
      catalogues,
      api: fake.api,
      route: '/settings/settings',
      path: '/settings/:tab?',
      session,
      platform: { setLocale },
    });
    expect(await screen.findByRole('checkbox', { name: 'is handed over to the post' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'is delivered' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'is on hold' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'I agree' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'I disagree' }));
    await user.click(screen.getByRole('radio', { name: 'Latviešu' }));
    await user.click(screen.getByRole('checkbox', { name: 'is handed over to the post' }));
    await user.click(screen.getByRole('checkbox', { name: 'is on hold' }));
    await user.click(screen.getByTestId('preferences-save'));
    await waitFor(() => expect(setLocale).toHaveBeenCalledWith('lv'));
    const writes = fake.calls.filter((call) => call.method !== 'GET');
    expect(writes).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: '/api/accounts/5',
        body: { contact: { eNotifications: 'disagree' } },
      }),
      expect.objectContaining({
        method: 'PUT',
        path: '/api/users/3/notification_settings',
        body: { language: 'lv', statuses: ['onHold', 'delivered'] },
      }),
    ]);
    expect(session.reloadUser).toHaveBeenCalled();
  });

  it('stores the account’s default label format, offering A6, A4 and ZPL, and shows a refusal beside it', async () => {
    let refuse = true;
    const fake = fakeApi({
      'GET /api/users/3/notification_settings': { language: 'en', statuses: [] },
      'PATCH /api/accounts/5': () => {
        if (refuse) {
          throw violationsError([
            { propertyPath: 'labelFormat', message: 'The value you selected is not a valid choice.' },
          ]);
        }
        return { ...privateAccount, labelFormat: 'zpl' };
      },
      'PUT /api/users/3/notification_settings': (body: unknown) => body,
    });
    const user = userEvent.setup();
    const session = sessionWith({ ...privateAccount, labelFormat: 'A4' });
    renderRemote(<SettingsPage />, {
      namespace: NAMESPACE,
      catalogues,
      api: fake.api,
      route: '/settings/settings',
      path: '/settings/:tab?',
      session,
    });
    const group = await screen.findByRole('radiogroup', { name: /Label format/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['A6', 'A4', 'zpl']);
    expect(within(group).getByRole('radio', { name: 'A4 PDF, four labels per page' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'ZPL for 100 × 150 mm (4 × 6 in) thermal printers' }));
    await user.click(screen.getByTestId('preferences-save'));
    expect(await screen.findByText('The value you selected is not a valid choice.')).toBeInTheDocument();

    refuse = false;
    await user.click(screen.getByTestId('preferences-save'));
    await waitFor(() => expect(session.reloadUser).toHaveBeenCalled());
    const patches = fake.calls.filter((call) => call.method === 'PATCH');
    // Only the format changed: the consent is not sent again.
    expect(patches.map((call) => call.body)).toEqual([{ labelFormat: 'zpl' }, { labelFormat: 'zpl' }]);
  });
});

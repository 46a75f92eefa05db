import type { Account, PlatformSession, User } from '@portal/shared-contracts';
import { serverMessage } from '@portal/shared-contracts/i18n/server-messages';
import { anonymousSession, fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../../i18n';
import { SettingsPage } from '../SettingsPage';

// Issue 40 item 1: a company account chooses whether its customers may start returns on /returns,
// and who pays their postage (the Settings tab).

const company: Account = {
  '@id': '/api/accounts/8',
  id: 8,
  type: 'company',
  email: 'shop@example.com',
  isActive: true,
  companyName: 'SIA Veikals',
  contact: {
    phonePrefix: '371',
    phone: '21234567',
    address: 'Brīvības iela 1, Rīga',
    returnParcelLocker: null,
    eNotifications: 'agree',
    company: true,
  },
  userAccounts: [],
  branches: [],
};

function sessionAs(role: string, account: Account = company): PlatformSession {
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

function open(routes: Record<string, unknown>, locale: 'en' | 'lv', session: PlatformSession) {
  const fake = fakeApi({ 'GET /api/users/3/notification_settings': { language: locale, statuses: [] }, ...routes });
  renderRemote(<SettingsPage />, {
    namespace: NAMESPACE,
    catalogues,
    api: fake.api,
    locale,
    route: '/settings/settings',
    path: '/settings/:tab?',
    session,
    platform: { translateServerMessage: (said) => serverMessage(said, locale) },
  });
  return fake;
}

const TEXTS = {
  en: {
    section: 'Returns',
    group: /Returns your customers start themselves/,
    shopPays: 'Allowed, we pay the postage',
    customerPays: 'Allowed, the customer pays the postage',
    off: 'Not allowed',
    save: 'Save return settings',
    mainAdminOnly: 'Only the account’s main administrator can change this.',
    refused: 'Only the company account’s main administrator can change its return settings.',
  },
  lv: {
    section: 'Atpakaļsūtījumi',
    group: /Atpakaļsūtījumi, ko klienti sāk paši/,
    shopPays: 'Atļauts, pasta izdevumus maksājam mēs',
    customerPays: 'Atļauts, pasta izdevumus maksā klients',
    off: 'Nav atļauts',
    save: 'Saglabāt atpakaļsūtījumu iestatījumus',
    mainAdminOnly: 'To var mainīt tikai konta galvenais administrators.',
    refused: 'Atpakaļsūtījumu iestatījumus var mainīt tikai uzņēmuma konta galvenais administrators.',
  },
} as const;

describe('the return settings of a company account', () => {
  it.each(['en', 'lv'] as const)('its main administrator lets the customers pay (%s)', async (locale) => {
    const texts = TEXTS[locale];
    const { calls } = open(
      {
        'GET /api/accounts/8/return_settings': { customerReturns: 'shopPays' },
        'PUT /api/accounts/8/return_settings': (body: { customerReturns: string }) => body,
      },
      locale,
      sessionAs('MAIN_ADMIN'),
    );
    const section = await screen.findByRole('region', { name: texts.section });
    const group = await within(section).findByRole('radiogroup', { name: texts.group });
    expect(within(group).getByRole('radio', { name: new RegExp(texts.shopPays) })).toBeChecked();
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['off', 'shopPays', 'customerPays']);
    expect(within(section).queryByText(texts.mainAdminOnly)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(group).getByRole('radio', { name: new RegExp(texts.customerPays) }));
    await user.click(within(section).getByRole('button', { name: texts.save }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
        path: '/api/accounts/8/return_settings',
        body: { customerReturns: 'customerPays' },
      }),
    );
  });

  it.each(['en', 'lv'] as const)('shows another member the API’s refusal beside the choice (%s)', async (locale) => {
    const texts = TEXTS[locale];
    open(
      {
        'GET /api/accounts/8/return_settings': { customerReturns: 'customerPays' },
        'PUT /api/accounts/8/return_settings': () => {
          throw violationsError([
            {
              propertyPath: 'customerReturns',
              message: 'Only the company account’s main administrator can change its return settings.',
              code: 'RETURN_SETTINGS_NOT_ALLOWED',
            },
          ]);
        },
      },
      locale,
      sessionAs('USER'),
    );
    const section = await screen.findByRole('region', { name: texts.section });
    expect(await within(section).findByText(texts.mainAdminOnly)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await within(section).findByRole('radio', { name: new RegExp(texts.off) }));
    await user.click(within(section).getByRole('button', { name: texts.save }));
    expect(await within(section).findByText(texts.refused)).toBeInTheDocument();
    // Beside the choice: the group's own error, which describes it.
    const group = within(section).getByRole('radiogroup', { name: texts.group });
    expect(group).toHaveAccessibleDescription(expect.stringContaining(texts.refused));
  });

  it('is not offered to a private account', async () => {
    open({}, 'en', sessionAs('MAIN_ADMIN', { ...company, type: 'private', companyName: null }));
    expect(await screen.findByTestId('preferences-form')).toBeInTheDocument();
    expect(screen.queryByTestId('return-settings')).not.toBeInTheDocument();
  });
});

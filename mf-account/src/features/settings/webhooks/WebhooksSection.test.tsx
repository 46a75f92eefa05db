import type { Account, PlatformSession, User } from '@portal/shared-contracts';
import { anonymousSession, fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import type { WebhookDelivery, WebhookEndpoint } from '@portal/shared-contracts/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../../i18n';
import { SettingsPage } from '../SettingsPage';

// Issue 20 item 3: the Webhooks section of the Integrations tab, for a company account's main administrators.

const company: Account = {
  '@id': '/api/accounts/8',
  id: 8,
  type: 'company',
  email: 'office@company.test',
  isActive: true,
  companyName: 'SIA Demo Company',
  contact: null,
  userAccounts: [],
  branches: [],
} as unknown as Account;

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

const ENDPOINT: WebhookEndpoint = {
  '@id': '/api/accounts/8/webhook_endpoints/4',
  id: 4,
  url: 'https://hooks.example.com/portal',
  events: ['shipment.status_changed', 'order.paid'],
  createdAt: '2026-11-27T08:00:00.000Z',
};

const DELIVERY: WebhookDelivery = {
  '@id': '/api/accounts/8/webhook_endpoints/4/deliveries/31',
  id: 31,
  eventId: 'b6c1',
  eventType: 'shipment.status_changed',
  shipmentNumber: 'CC000000014LV',
  shipmentStatus: 'sent',
  status: 'pending',
  createdAt: '2026-11-27T08:00:00.000Z',
  nextAttemptAt: '2026-11-27T08:01:00.000Z',
  resentFrom: null,
  attempts: [
    {
      at: '2026-11-27T08:00:00.000Z',
      durationMs: 10_000,
      statusCode: null,
      error: 'The receiver did not answer in time.',
    },
  ],
};

const collection = <T,>(members: T[]) => ({ 'hydra:member': members, 'hydra:totalItems': members.length });

function renderIntegrations(
  routes: Record<string, unknown>,
  session = sessionWith(company),
  locale: 'en' | 'lv' = 'en',
) {
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

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
});

describe('the Webhooks section', () => {
  it('lists the endpoints, shows a delivery with its attempts and sends it again', async () => {
    const { user, calls } = renderIntegrations({
      'GET /api/accounts/8/webhook_endpoints': collection([ENDPOINT]),
      'GET /api/accounts/8/webhook_endpoints/4/deliveries': collection([DELIVERY]),
      'POST /api/accounts/8/webhook_endpoints/4/deliveries/31/resend': {
        ...DELIVERY,
        id: 32,
        resentFrom: 31,
        attempts: [],
      },
      'DELETE /api/accounts/8/webhook_endpoints/4': undefined,
    });
    const endpoint = await screen.findByTestId('webhook-endpoint-4');
    expect(endpoint).toHaveTextContent('https://hooks.example.com/portal');
    expect(within(endpoint).getByText('Shipment status changed')).toBeInTheDocument();
    expect(within(endpoint).getByText('Order paid')).toBeInTheDocument();
    await user.click(within(endpoint).getByRole('button', { name: 'Show deliveries' }));
    const row = await within(endpoint).findByTestId('webhook-delivery-31');
    expect(row).toHaveTextContent('Shipment status changed: In transit');
    expect(row).toHaveTextContent('CC000000014LV');
    expect(row).toHaveTextContent('Waiting');
    expect(row).toHaveTextContent('27.11.2026');
    expect(row).toHaveTextContent('The receiver did not answer in time. (10000 ms)');
    await user.click(within(row).getByRole('button', { name: 'Send delivery 31 again' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/deliveries/31/resend'))).toBe(true),
    );
    await user.click(
      within(endpoint).getByRole('button', { name: 'Delete endpoint https://hooks.example.com/portal' }),
    );
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('adds an endpoint: its rules and the server’s violations beside the fields, the secret shown once', async () => {
    let attempt = 0;
    const { user, calls } = renderIntegrations({
      'GET /api/accounts/8/webhook_endpoints': collection([]),
      'POST /api/accounts/8/webhook_endpoints': () => {
        attempt += 1;
        if (attempt === 1) {
          throw violationsError([
            {
              propertyPath: 'url',
              message:
                'The address must be reachable on the public internet (private, loopback and link-local addresses are refused).',
              code: 'PRIVATE_ADDRESS',
            },
          ]);
        }
        return { ...ENDPOINT, events: ['order.paid'], secret: 'whsec_shown-once' };
      },
    });
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
    const form = screen.getByTestId('add-webhook-endpoint');
    // Checked before anything is sent.
    await user.click(within(form).getByRole('checkbox', { name: 'Shipment status changed' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Order paid' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Return created' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Return status changed' }));
    await user.click(within(form).getByRole('button', { name: 'Add an endpoint' }));
    expect(await within(form).findByText('This value is not a valid URL.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one event.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    const url = within(form).getByRole('textbox', { name: /Address \(URL\)/ });
    await user.type(url, 'https://10.0.0.5/hooks');
    await user.click(within(form).getByRole('checkbox', { name: 'Order paid' }));
    await user.click(within(form).getByRole('button', { name: 'Add an endpoint' }));
    expect(await within(form).findByText(/reachable on the public internet/)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');

    await user.clear(url);
    await user.type(url, 'https://hooks.example.com/portal');
    await user.click(within(form).getByRole('button', { name: 'Add an endpoint' }));
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret).toHaveTextContent('whsec_shown-once');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { url: 'https://10.0.0.5/hooks', events: ['order.paid'] },
      { url: 'https://hooks.example.com/portal', events: ['order.paid'] },
    ]);
    await user.click(within(secret).getByRole('button', { name: 'I have kept it' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('is in Latvian', async () => {
    renderIntegrations(
      {
        'GET /api/accounts/8/webhook_endpoints': collection([ENDPOINT]),
      },
      sessionWith(company),
      'lv',
    );
    expect(await screen.findByRole('heading', { name: 'Tīmekļa āķi' })).toBeInTheDocument();
    expect(screen.getByText('Mainīts sūtījuma statuss')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pievienot galapunktu' })).toBeInTheDocument();
  });

  it('is not offered to an ordinary user of the company, nor on a private account', async () => {
    const { calls } = renderIntegrations({}, sessionWith(company, 'USER'));
    await screen.findByTestId('integration-ebay');
    expect(screen.queryByTestId('webhooks-section')).toBeNull();
    expect(calls.some((call) => call.path.includes('webhook'))).toBe(false);
    const privateAccount = { ...company, '@id': '/api/accounts/5', id: 5, type: 'private' } as Account;
    renderIntegrations({}, sessionWith(privateAccount));
    expect(await screen.findAllByTestId('integration-ebay')).toHaveLength(2);
    expect(screen.queryByTestId('webhooks-section')).toBeNull();
  });
});

import { ANNOUNCEMENT_MESSAGES, BANNER_MESSAGES } from '@portal/shared-contracts/account';
import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { catalogues, NAMESPACE } from '../../i18n';
import BannerPage from './BannerPage';
import NotificationFormPage from './NotificationFormPage';
import NotificationShowPage from './NotificationShowPage';

const STORED = {
  '@id': '/api/admin/notifications/7',
  id: 7,
  recipientGroups: ['private', 'company'],
  channels: ['email', 'portal'],
  caption: 'Holiday opening hours',
  description: 'Post offices work until 15:00 on 23.12.2026.',
  content: 'Parcel lockers work as usual.',
  captionLv: 'Svētku darba laiks',
  descriptionLv: 'Pasta nodaļas 23.12.2026 strādā līdz 15:00.',
  contentLv: 'Pakomāti strādā kā parasti.',
  status: 'unsent',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  sentAt: null,
  emailCount: 0,
  smsCount: 0,
};

function render(element: ReactElement, routes: Record<string, unknown>, route: string, path: string, locale = 'en') {
  const { api, calls } = fakeApi(routes);
  renderRemote(element, { namespace: NAMESPACE, catalogues, api, locale: locale as 'en', route, path });
  return calls;
}

jest.setTimeout(20_000);

describe('NotificationFormPage', () => {
  it('refuses a notification to no group beside the field, without calling the API', async () => {
    const calls = render(<NotificationFormPage />, {}, '/admin/notifications/create', '/admin/notifications/create');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Create the notification' }));
    expect(await screen.findByRole('group', { name: /Recipient groups/ })).toHaveAccessibleDescription(
      expect.stringContaining(ANNOUNCEMENT_MESSAGES.noGroup),
    );
    // Both languages are asked for.
    for (const label of [/^Caption in English/, /^Caption in Latvian/, /^Content in Latvian/]) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
        expect.stringContaining('This value should not be blank.'),
      );
    }
    expect(calls).toEqual([]);
  });

  it('sends what was chosen and typed', async () => {
    const calls = render(
      <NotificationFormPage />,
      { 'POST /api/admin/notifications': STORED },
      '/admin/notifications/create',
      '/admin/notifications/create',
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: 'Company' }));
    await user.click(screen.getByRole('checkbox', { name: 'SMS' }));
    const type = async (label: RegExp, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    await type(/^Caption in English/, 'Holiday hours');
    await type(/^Description in English/, 'Closed on 24.12.2026.');
    await type(/^Content in English/, 'Parcel lockers work as usual.');
    await type(/^Caption in Latvian/, 'Svētku darba laiks');
    await type(/^Description in Latvian/, 'Slēgts 24.12.2026.');
    await type(/^Content in Latvian/, 'Pakomāti strādā kā parasti.');
    await user.click(screen.getByRole('button', { name: 'Create the notification' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/notifications',
      body: {
        recipientGroups: ['company'],
        channels: ['portal', 'sms'],
        caption: 'Holiday hours',
        description: 'Closed on 24.12.2026.',
        content: 'Parcel lockers work as usual.',
        captionLv: 'Svētku darba laiks',
        descriptionLv: 'Slēgts 24.12.2026.',
        contentLv: 'Pakomāti strādā kā parasti.',
      },
    });
  });
});

describe('NotificationShowPage', () => {
  it('shows an unsent notification in Latvian and sends it after a confirmation', async () => {
    const calls = render(
      <NotificationShowPage />,
      {
        'GET /api/admin/notifications/7': STORED,
        'POST /api/admin/notifications/7/send': { ...STORED, status: 'sent', sentAt: '2026-11-21T08:00:00.000Z' },
      },
      '/admin/notifications/show/7',
      '/admin/notifications/show/:id',
      'lv',
    );
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Svētku darba laiks');
    // Both languages' texts are shown.
    expect(screen.getByRole('region', { name: 'Angliski' })).toHaveTextContent('Holiday opening hours');
    expect(screen.getByRole('region', { name: 'Latviski' })).toHaveTextContent('Pakomāti strādā kā parasti.');
    expect(screen.getByTestId('notification-details')).toHaveTextContent('Privātpersonas, Uzņēmumi');
    expect(screen.getByRole('navigation', { name: 'Navigācijas ceļš' })).toHaveTextContent('Paziņojumi');
    await user.click(screen.getByRole('button', { name: 'Nosūtīt' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Nosūtīt tagad' }));
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/admin/notifications/7/send'),
    );
  });
});

describe('BannerPage', () => {
  it('refuses to switch the banner on without both texts, then saves it', async () => {
    const calls = render(
      <BannerPage />,
      {
        'GET /api/admin/notification_banner': { active: false, textEn: '', textLv: '', updatedAt: null },
        'PUT /api/admin/notification_banner': (body: unknown) => ({ ...(body as object), updatedAt: null }),
      },
      '/admin/notifications/banner',
      '/admin/notifications/banner',
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: /Show the banner on every page/ }));
    await user.click(screen.getByLabelText('Banner text in English'));
    await user.paste('Closed on 24.12.2026.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('Banner text in Latvian')).toHaveAccessibleDescription(
      expect.stringContaining(BANNER_MESSAGES.blankWhenActive),
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(screen.getByLabelText('Banner text in Latvian'));
    await user.paste('Slēgts 24.12.2026.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        active: true,
        textEn: 'Closed on 24.12.2026.',
        textLv: 'Slēgts 24.12.2026.',
      }),
    );
  });
});

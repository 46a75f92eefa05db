import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen, waitFor } from '@testing-library/react';
import en from '../i18n/en.json';
import lv from '../i18n/lv.json';
import { NotificationBanner } from './NotificationBanner';

function renderBanner(answer: unknown, locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi({ 'GET /api/notification_banner': answer });
  renderRemote(<NotificationBanner />, {
    namespace: 'shell',
    catalogues: { en, lv },
    api,
    locale,
    route: '/',
    path: '/',
  });
  return calls;
}

describe('NotificationBanner', () => {
  it('shows the banner while it is switched on', async () => {
    renderBanner({ active: true, text: 'Pasta nodaļas 23.12.2026 strādā līdz 15:00.' }, 'lv');
    const banner = await screen.findByTestId('notification-banner');
    expect(banner).toHaveTextContent('Paziņojums');
    expect(banner).toHaveTextContent('Pasta nodaļas 23.12.2026 strādā līdz 15:00.');
  });

  it('shows nothing while it is off', async () => {
    const calls = renderBanner({ active: false, text: null });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('notification-banner')).toBeNull();
  });
});

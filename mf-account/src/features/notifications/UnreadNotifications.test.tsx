import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen } from '@testing-library/react';
import { catalogues, NAMESPACE } from '../../i18n';
import { UnreadNotifications } from './UnreadNotifications';

function renderBell(unread: number, locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi({ 'GET /api/notifications/unread_count': { total: 12, unread } });
  renderRemote(<UnreadNotifications />, { namespace: NAMESPACE, catalogues, api, locale, route: '/', path: '/' });
  return calls;
}

describe('UnreadNotifications (header widget)', () => {
  it('links to the list and says how many are unread', async () => {
    const calls = renderBell(3);
    expect(await screen.findByRole('link', { name: 'Notifications: 3 unread' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(screen.getByTestId('header-unread-count')).toHaveTextContent('3');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/notifications/unread_count' });
  });

  it('says no number until the count has come', async () => {
    let answer: (count: unknown) => void = () => undefined;
    const { api } = fakeApi({
      'GET /api/notifications/unread_count': () => new Promise((resolve) => (answer = resolve)),
    });
    renderRemote(<UnreadNotifications />, { namespace: NAMESPACE, catalogues, api, route: '/', path: '/' });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeVisible();
    answer({ total: 2, unread: 2 });
    expect(await screen.findByRole('link', { name: 'Notifications: 2 unread' })).toBeVisible();
  });

  it('shows no badge when everything is read, in Latvian too', async () => {
    renderBell(0, 'lv');
    expect(await screen.findByRole('link', { name: 'Paziņojumi: nav nelasītu' })).toBeVisible();
    expect(screen.queryByTestId('header-unread-count')).toBeNull();
  });
});

import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import NotificationsListPage from './NotificationsListPage';

const notification = (id: number, status: 'sent' | 'unsent') => ({
  '@id': `/api/admin/notifications/${id}`,
  id,
  recipientGroups: ['company'],
  channels: ['email', 'portal'],
  caption: `Notice ${id}`,
  description: 'Short',
  content: 'Long',
  captionLv: `Paziņojums ${id}`,
  descriptionLv: 'Īss',
  contentLv: 'Garš',
  status,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  sentAt: status === 'sent' ? '2026-11-21T08:00:00.000Z' : null,
  emailCount: 0,
  smsCount: 0,
});

jest.setTimeout(20_000);

describe('NotificationsListPage', () => {
  it('filters, sorts and pages on the server, and downloads the filtered list', async () => {
    const { api, calls } = fakeApi({
      'GET /api/admin/notifications': { 'hydra:member': [notification(2, 'sent')], 'hydra:totalItems': 7 },
      'GET /api/admin/notifications/export': new Blob(['xlsx']),
    });
    const createObjectURL = jest.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    renderRemote(<NotificationsListPage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      locale: 'lv',
      route: '/admin/notifications',
      path: '/admin/notifications',
    });
    const user = userEvent.setup({ delay: null });
    const table = await screen.findByTestId('notifications-table');
    // The caption in the interface language.
    expect(within(table).getByRole('link', { name: 'Paziņojums 2' })).toHaveAttribute(
      'href',
      '/admin/notifications/show/2',
    );
    expect(table).toHaveTextContent('Uzņēmumi');
    expect(table).toHaveTextContent('E-pasts, Portāls');
    expect(screen.getByTestId('notifications-count')).toHaveTextContent('7 paziņojumi');
    expect(calls[0]?.query).toMatchObject({ page: 1, itemsPerPage: 5, sort: 'createdAt', direction: 'desc' });

    await user.click(screen.getByRole('radio', { name: 'Nosūtīts' }));
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ status: 'sent', page: 1 }));
    await user.click(within(table).getByRole('button', { name: /Virsraksts/ }));
    await waitFor(() =>
      expect(calls.at(-1)?.query).toMatchObject({ status: 'sent', sort: 'caption', direction: 'desc' }),
    );
    await user.click(screen.getByRole('button', { name: 'Nākamā lapa' }));
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ page: 2, sort: 'caption' }));

    await user.click(screen.getByRole('button', { name: 'Eksportēt XLSX' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = calls.find((call) => call.path === '/api/admin/notifications/export');
    expect(exported?.query).toMatchObject({ status: 'sent', sort: 'caption', lang: 'lv' });
  });
});

import { makeS10 } from '@portal/shared-contracts/s10';
import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import type { ShipmentNotification } from './api';
import { NotificationsPage } from './NotificationsPage';

const NUMBER = makeS10('CC', 12_345_678);

const entry = (id: number, status: ShipmentNotification['status'], readAt: string | null): ShipmentNotification => ({
  '@id': `/api/notifications/${id}`,
  '@type': 'Notification',
  kind: 'status',
  id,
  shipmentNumber: NUMBER,
  status,
  previousStatus: 'registered',
  text: `Shipment ${NUMBER}: ${status}`,
  link: `/track?number=${NUMBER}`,
  statusDate: `2026-11-2${id}T09:05:00Z`,
  createdAt: `2026-11-2${id}T09:06:00Z`,
  readAt,
});

const collection = (members: ShipmentNotification[], total = members.length) => ({
  'hydra:member': members,
  'hydra:totalItems': total,
});

function renderPage(routes: Record<string, unknown>, locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi(routes);
  const view = renderRemote(<NotificationsPage />, {
    namespace: NAMESPACE,
    catalogues,
    api,
    locale,
    route: '/notifications',
    path: '/notifications',
  });
  return { ...view, calls };
}

describe('NotificationsPage', () => {
  it('lists the shipment notifications newest first with a tracking link, unread ones marked', async () => {
    const { calls } = renderPage({
      'GET /api/notifications': collection([
        entry(4, 'delivered', null),
        entry(3, 'transferred', '2026-11-23T10:00:00Z'),
      ]),
    });
    const items = within(await screen.findByTestId('notifications-list')).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-status'))).toEqual(['delivered', 'transferred']);
    expect(items[0]).toHaveTextContent(`New`);
    expect(items[0]).toHaveTextContent(`Your shipment ${NUMBER} has been delivered.`);
    expect(items[0]).toHaveTextContent('24.11.2026');
    expect(within(items[0] as HTMLElement).getByRole('link', { name: `Track ${NUMBER}` })).toHaveAttribute(
      'href',
      `/track?number=${NUMBER}`,
    );
    // Read ones have no badge and no button.
    expect(items[1]).not.toHaveTextContent('New');
    expect(within(items[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/notifications', query: { page: 1, itemsPerPage: 10 } });
  });

  it('marks one read and reloads the list', async () => {
    let read = false;
    const { calls } = renderPage({
      'GET /api/notifications': () =>
        collection([entry(4, 'releasedForDelivery', read ? '2026-11-24T10:00:00Z' : null)]),
      'POST /api/notifications/4/read': () => {
        read = true;
        return entry(4, 'releasedForDelivery', '2026-11-24T10:00:00Z');
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: `Mark as read: the notification about ${NUMBER}` }),
    );
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/notifications/4/read')).toBe(true);
    await screen.findByText(`Your shipment ${NUMBER} is out for delivery or ready for pick-up.`);
    expect(await screen.findByTestId('notifications-list')).not.toHaveTextContent('New');
    expect(screen.queryByRole('button', { name: /as read/ })).toBeNull();
  });

  it('speaks Latvian and says when there is nothing yet', async () => {
    renderPage({ 'GET /api/notifications': collection([]) }, 'lv');
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent('Paziņojumu vēl nav.');
    expect(screen.getByRole('heading', { name: 'Paziņojumi' })).toBeVisible();
  });

  it('pages with the SPEC labels: previous, next, page … of …, results', async () => {
    const { calls } = renderPage({
      'GET /api/notifications': (_body: unknown, options: { query?: Record<string, unknown> }) =>
        collection([entry(options.query?.page === 2 ? 1 : 4, 'sentAbroad', null)], 12),
    });
    await screen.findByTestId('notifications-list');
    const pages = screen.getByRole('navigation', { name: 'Pages of notifications' });
    expect(pages).toHaveTextContent('12 results');
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await screen.findByText('21.11.2026', { exact: false });
    expect(calls.at(-1)?.query).toMatchObject({ page: 2 });
    expect(pages).toHaveTextContent('Page 2 of 2');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("shows the post's announcements beside the status ones, and marks one read through its own address", async () => {
    let read = false;
    const announcement = () => ({
      '@id': '/api/announcements/9',
      '@type': 'Announcement',
      kind: 'announcement',
      id: 9,
      caption: 'Svētku darba laiks',
      description: 'Pasta nodaļas 23.12.2026 strādā līdz 15:00.',
      content: 'Pakomāti strādā kā parasti.',
      createdAt: '2026-11-25T08:00:00Z',
      readAt: read ? '2026-11-25T09:00:00Z' : null,
    });
    const { calls } = renderPage(
      {
        'GET /api/notifications': () => collection([announcement(), entry(4, 'delivered', null)] as never[]),
        'POST /api/announcements/9/read': () => {
          read = true;
          return announcement();
        },
      },
      'lv',
    );
    const items = within(await screen.findByTestId('notifications-list')).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-kind'))).toEqual(['announcement', 'status']);
    expect(within(items[0] as HTMLElement).getByRole('heading', { name: 'Svētku darba laiks' })).toBeVisible();
    expect(items[0]).toHaveTextContent('No pasta');
    expect(items[0]).toHaveTextContent('Pakomāti strādā kā parasti.');
    expect(screen.getByTestId('notifications-results')).toHaveTextContent('2 rezultāti');
    await userEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: /Svētku darba laiks/ }));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/announcements/9/read')).toBe(true);
    await waitFor(() =>
      expect(screen.getByTestId('notifications-list').querySelector('[data-kind="announcement"]')).toHaveAttribute(
        'data-unread',
        'false',
      ),
    );
  });
});

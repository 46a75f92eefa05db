import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import CachePage from './CachePage';

const CACHES = {
  'hydra:member': [
    { '@id': '/api/admin/caches/service_locations', name: 'service_locations', clearedAt: null },
    { '@id': '/api/admin/caches/workflows', name: 'workflows', clearedAt: '2026-11-23T10:00:00.000Z' },
  ],
  'hydra:totalItems': 2,
};

describe('CachePage', () => {
  it('names each cache in Latvian and clears the one asked for', async () => {
    const { api, calls } = fakeApi({
      'GET /api/admin/caches': CACHES,
      'POST /api/admin/caches/service_locations/clear': CACHES['hydra:member'][0],
    });
    renderRemote(<CachePage />, { namespace: NAMESPACE, catalogues, api, locale: 'lv', route: '/admin/cache' });
    const [locations, workflows] = await screen.findAllByTestId('cache-row');
    expect(locations).toHaveTextContent('Pasta nodaļas un pakomāti');
    expect(locations).toHaveTextContent('Nav tīrīta kopš palaišanas');
    expect(workflows).toHaveTextContent('23.11.2026');
    await userEvent
      .setup({ delay: null })
      .click(within(locations as HTMLElement).getByRole('button', { name: 'Iztīrīt: Pasta nodaļas un pakomāti' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.path).toBe('/api/admin/caches/service_locations/clear');
  });
});

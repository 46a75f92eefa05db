import { fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import LocationFormPage from './LocationFormPage';

const STORED = {
  '@id': '/api/admin/service_locations/admin-00aa11bb22cc33dd',
  id: 'admin-00aa11bb22cc33dd',
  countryCode: 'LV',
  type: 'postOffice',
  operator: 'Latvijas Pasts',
  ownNetwork: true,
  name: 'Test pasta nodaļa',
  address: 'Testa iela 1, Rīga',
  city: 'Rīga',
  postCode: 'LV-1050',
  latitude: 56.9496,
  longitude: 24.1052,
  openingHours: null,
  pickUpOnly: false,
  active: true,
  source: 'administrator admin@example.com, 2026-11-23',
  retiredAt: null,
  updatedAt: '2026-11-23T20:00:00.000Z',
};

function renderForm(routes: Record<string, unknown>, route: string, locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi(routes);
  const view = renderRemote(<LocationFormPage />, {
    namespace: NAMESPACE,
    catalogues,
    api,
    locale,
    route,
    path: route.startsWith('/admin/locations/edit/') ? '/admin/locations/edit/:id' : '/admin/locations/new',
  });
  return { ...view, calls };
}

/** Types by pasting: a whole form typed key by key takes seconds on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

// Typing a whole form takes a few seconds on a busy two-core machine.
jest.setTimeout(20_000);

describe('LocationFormPage', () => {
  it('sends a new place with its coordinates as numbers (a decimal comma accepted)', async () => {
    const { calls } = renderForm({ 'POST /api/admin/service_locations': STORED }, '/admin/locations/new');
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText(/^Name/), 'Test pasta nodaļa');
    await fill(user, screen.getByLabelText(/^Address/), 'Testa iela 1, Rīga');
    await fill(user, screen.getByLabelText(/^City or locality/), 'Rīga');
    await fill(user, screen.getByLabelText(/^Post code/), 'LV-1050');
    await fill(user, screen.getByLabelText(/^Latitude/), '56,9496');
    await fill(user, screen.getByLabelText(/^Longitude/), '24.1052');
    await user.click(screen.getByRole('button', { name: 'Add the place' }));
    await waitFor(() => expect(calls.at(-1)?.method).toBe('POST'));
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/admin/service_locations',
      body: {
        countryCode: 'LV',
        type: 'postOffice',
        operator: 'Latvijas Pasts',
        name: 'Test pasta nodaļa',
        postCode: 'LV-1050',
        latitude: 56.9496,
        longitude: 24.1052,
        openingHours: null,
        pickUpOnly: false,
      },
    });
  });

  it("shows the API's violations beside their fields", async () => {
    renderForm(
      {
        'POST /api/admin/service_locations': () => {
          throw violationsError([
            {
              propertyPath: 'postCode',
              message: 'This value should be a post code of the country: LV-1234, LT-12345 or 12345 (Estonia).',
            },
            { propertyPath: 'longitude', message: 'This place should lie in Latvia, Lithuania or Estonia.' },
          ]);
        },
      },
      '/admin/locations/new',
    );
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Add the place' }));
    expect(await screen.findByLabelText(/^Post code/)).toHaveAccessibleDescription(
      expect.stringContaining('This value should be a post code of the country'),
    );
    expect(screen.getByLabelText(/^Longitude/)).toHaveAccessibleDescription(
      expect.stringContaining('This place should lie in Latvia, Lithuania or Estonia.'),
    );
  });

  it('opens a stored place in Latvian, saves it with PUT and retires it', async () => {
    const { calls } = renderForm(
      {
        'GET /api/admin/service_locations/admin-00aa11bb22cc33dd': STORED,
        'PUT /api/admin/service_locations/admin-00aa11bb22cc33dd': { ...STORED, name: 'Jaunais nosaukums' },
        'POST /api/admin/service_locations/admin-00aa11bb22cc33dd/retire': { ...STORED, active: false },
      },
      '/admin/locations/edit/admin-00aa11bb22cc33dd',
      'lv',
    );
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Pasta nodaļas vai pakomāta rediģēšana');
    const name = screen.getByLabelText(/^Nosaukums/);
    expect(name).toHaveValue('Test pasta nodaļa');
    await user.clear(name);
    await fill(user, name, 'Jaunais nosaukums');
    // Issue 40: the place becomes pick-up only (no hand-over there).
    await user.click(screen.getByLabelText('Tikai izņemšana'));
    await user.click(screen.getByRole('button', { name: 'Saglabāt izmaiņas' }));
    await user.click(screen.getByRole('button', { name: 'Slēgt (noņemt no kartes)' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/retire'))).toBe(true));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(
      expect.arrayContaining([
        'PUT /api/admin/service_locations/admin-00aa11bb22cc33dd',
        'POST /api/admin/service_locations/admin-00aa11bb22cc33dd/retire',
      ]),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      name: 'Jaunais nosaukums',
      latitude: 56.9496,
      pickUpOnly: true,
    });
  });
});

import { fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import ProductFormPage from './ProductFormPage';

const STORED = {
  '@id': '/api/admin/work_flows/7',
  id: 7,
  seedKey: 'parcel-lv-test',
  isActive: true,
  label: 'Test parcel, Latvia',
  labelLv: 'Testa paka, Latvija',
  shipmentType: 'parcel',
  shipmentSubType: 'registered',
  shipmentSizeType: null,
  countryCode: 'LV',
  zone: 'LV',
  transferType: 'postOffice',
  receivingType: 'postOffice',
  transferNetworks: ['Latvijas Pasts'],
  receivingNetworks: ['Latvijas Pasts'],
  maxWeight: 20000,
  deliveryDays: 1,
  serviceOptions: ['insurance'],
  services: [],
  weightCosts: [],
  placeholders: [],
  updatedAt: '2026-11-26T08:00:00.000Z',
};

function renderForm(routes: Record<string, unknown>, route: string, locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi(routes);
  const view = renderRemote(<ProductFormPage />, {
    namespace: NAMESPACE,
    catalogues,
    api,
    locale,
    route,
    path: route.startsWith('/admin/work_flows/edit/') ? '/admin/work_flows/edit/:id' : '/admin/work_flows/create',
  });
  return { ...view, calls };
}

/** Types by pasting: a whole form typed key by key takes seconds on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

jest.setTimeout(20_000);

describe('ProductFormPage', () => {
  it('shows a negative weight’s message beside the field and sends nothing (the shared rules)', async () => {
    const { calls } = renderForm({ 'POST /api/admin/work_flows': STORED }, '/admin/work_flows/create');
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText(/^Key/), 'parcel-lv-test');
    await fill(user, screen.getByLabelText(/^Name in English/), 'Test parcel, Latvia');
    await fill(user, screen.getByLabelText(/^Maximum weight/), '-20');
    await fill(user, screen.getByLabelText(/^Valid from/), '01.01.2027');
    await fill(user, screen.getByLabelText(/^Step 1: up to/), '2000');
    await fill(user, screen.getByLabelText(/^Step 1: price/), '4,35');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByLabelText(/^Maximum weight/)).toHaveAccessibleDescription(
      expect.stringContaining('A weight cannot be negative.'),
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await fill(user, screen.getByLabelText(/^Maximum weight/), '20000');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(calls.at(-1)?.method).toBe('POST'));
    expect(calls.at(-1)).toMatchObject({
      path: '/api/admin/work_flows',
      body: {
        seedKey: 'parcel-lv-test',
        label: 'Test parcel, Latvia',
        labelLv: null,
        maxWeight: 20000,
        deliveryDays: null,
        countryCode: 'LV',
        // A new product starts with the operator's own network (issue 40).
        transferNetworks: ['Latvijas Pasts'],
        receivingNetworks: ['Latvijas Pasts'],
        tariff: { validFrom: '2027-01-01', weightCosts: [{ maxWeight: 2000, priceCents: 435, insured: false }] },
      },
    });
  });

  it('edits a stored product in Latvian and shows the API’s violations beside their fields', async () => {
    const { calls } = renderForm(
      {
        'GET /api/admin/work_flows/7': STORED,
        'PUT /api/admin/work_flows/7': () => {
          throw violationsError([{ propertyPath: 'countryCode', message: 'Unknown country.' }]);
        },
      },
      '/admin/work_flows/edit/7',
      'lv',
    );
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Produkta rediģēšana');
    expect(screen.getByLabelText(/^Nosaukums latviski/)).toHaveValue('Testa paka, Latvija');
    await fill(user, screen.getByLabelText(/^Valsts/), 'QQ');
    await user.click(screen.getByRole('checkbox', { name: /^Aktīvs/ }));
    await user.click(screen.getByRole('button', { name: 'Saglabāt' }));
    // The test platform passes server messages through as they are (the shell translates them).
    expect(await screen.findByLabelText(/^Valsts/)).toHaveAccessibleDescription(
      expect.stringContaining('Unknown country.'),
    );
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      body: {
        countryCode: 'QQ',
        isActive: false,
        label: 'Test parcel, Latvia',
        serviceOptions: ['insurance'],
        // Issue 40: the product's networks go back as stored.
        transferNetworks: ['Latvijas Pasts'],
        receivingNetworks: ['Latvijas Pasts'],
      },
    });
  });
});

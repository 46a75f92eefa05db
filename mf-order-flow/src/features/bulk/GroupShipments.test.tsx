import type { BulkReport } from '@portal/shared-contracts/orders';
import { renderRemote } from '@portal/shared-contracts/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import { COUNTRIES, fakeApi, signedInSession } from '../../test/render';
import { BulkOrderPage } from './BulkOrderPage';

// Issue 40 item 6: the contact group's template is the wizard's fields (products with prices,
// their own services, the courier's slot, the sender from the profile), and the rows carry them.

const signedIn = signedInSession({
  id: 4,
  email: 'shop@example.com',
  contact: { phonePrefix: '371', phone: '29111111', address: 'Brīvības iela 5' },
});

const product = (id: number, label: string, transferType: string, amount: number) => ({
  '@id': `/api/work_flows/${id}`,
  id,
  label,
  countryCode: 'LV',
  shipmentType: 'parcel',
  shipmentSubType: 'registered',
  shipmentSizeType: null,
  transferType,
  receivingType: 'atReceiverAddress',
  deliveryDays: 1,
  maxWeight: 20_000,
  price: { amount, amountWithoutVat: amount, vat: 0, currency: 'EUR', components: [] },
  priceOnRequest: false,
  message: null,
});
const postOffice = product(7, 'Parcel from a post office, Latvia', 'postOffice', 450);
const courier = product(22, 'Parcel picked up by courier, Latvia', 'courier', 900);

const contact = (id: number, name: string) => ({
  id,
  name,
  companyName: null,
  email: null,
  countryCode: 'LV',
  phonePrefix: '371',
  phone: `2900000${id}`,
  addressLine: 'Brīvības iela 1',
  city: 'Rīga',
  region: null,
  postCode: 'LV-1010',
});

const problem = {
  field: 'senderPostCode' as const,
  propertyPath: 'sender.address.postCode',
  message: 'A Latvian post code has the form LV-1234.',
  code: 'INVALID_POST_CODE',
};
const refused: BulkReport = {
  totalRows: 2,
  incorrectRows: 2,
  rows: [2, 3].map((row) => ({ row, line: {}, priceCents: null, problems: [problem] })),
  totalCents: 0,
};

jest.setTimeout(30_000);

function renderGroup(locale: 'en' | 'lv', report: BulkReport = refused) {
  const { api, calls } = fakeApi({
    'GET /api/countries': { 'hydra:member': COUNTRIES, 'hydra:totalItems': COUNTRIES.length },
    'GET /api/contact_groups': {
      'hydra:member': [{ '@id': '/api/contact_groups/7', id: 7, name: 'Customers', contactCount: 2 }],
      'hydra:totalItems': 1,
    },
    'GET /api/contacts': { 'hydra:member': [contact(1, 'Jānis'), contact(2, 'Pēteris')], 'hydra:totalItems': 2 },
    'POST /api/prices/by_country': { workFlows: [postOffice, courier], unpriced: [], discountCodeIsValid: null },
    'GET /api/work_flows/7': {
      ...postOffice,
      serviceOptions: [
        { name: 'insurance', placeholder: false },
        { name: 'fragile', placeholder: false },
        // No column holds a cash-on-delivery amount: a template does not offer it.
        { name: 'cashOnDelivery', placeholder: false },
      ],
    },
    'GET /api/work_flows/22': { ...courier, serviceOptions: [{ name: 'fastDelivery', placeholder: false }] },
    'POST /api/orders/bulk/check': report,
  });
  renderRemote(<BulkOrderPage />, { namespace: NAMESPACE, catalogues, api, session: signedIn, locale });
  return calls;
}

async function chooseGroup() {
  await userEvent.click(await screen.findByRole('combobox', { name: /Contact group|Kontaktu grupa/ }));
  // Mantine's dropdown is still in its opening transition in jsdom: its options count as hidden.
  await userEvent.click(await screen.findByRole('option', { name: 'Customers (2)', hidden: true }));
}

const texts = {
  en: {
    weight: 'Weight (kg)',
    services: 'Additional services',
    insurance: 'Insurance',
    fragile: 'Fragile',
    fast: 'Fast delivery',
    cod: 'Cash on delivery (postal transfer)',
    courierDate: 'Pick-up date',
    prepare: /Prepare/,
    senderName: 'Name and surname',
    postCode: 'Post code',
  },
  lv: {
    weight: 'Svars (kg)',
    services: 'Papildpakalpojumi',
    insurance: 'Apdrošināšana',
    fragile: 'Trausls',
    fast: 'Ātrā piegāde',
    cod: 'Pēcmaksa (pasta pārvedums)',
    courierDate: 'Savākšanas datums',
    prepare: /Sagatavot/,
    senderName: 'Vārds un uzvārds',
    postCode: 'Pasta indekss',
  },
} as const;

describe.each(['en', 'lv'] as const)('the contact group template (%s)', (locale) => {
  const said = texts[locale];

  test('a weight that is not positive is refused beside the field and nothing is sent', async () => {
    const calls = renderGroup(locale);
    await chooseGroup();
    const weight = await screen.findByLabelText(said.weight, { exact: false });
    fireEvent.change(weight, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('bulk-group-prepare'));
    // The order rule's words, beside the weight (its accessible description).
    await waitFor(() => expect(weight).toHaveAccessibleDescription('The weight should be positive.'));
    expect(screen.getByTestId('template-product-error')).toHaveTextContent(
      locale === 'en' ? 'Please finish the selection: choose a product.' : /produktu/,
    );
    expect(calls.some((call) => call.path === '/api/orders/bulk/check')).toBe(false);
  });

  test('a product offers only its own services; the rows carry the chosen values; problems show beside the field', async () => {
    const calls = renderGroup(locale);
    await chooseGroup();
    fireEvent.change(await screen.findByLabelText(said.weight, { exact: false }), { target: { value: '1,5' } });
    // The products the account may use, with the wizard's names and prices, for the contacts' country.
    const products = await screen.findByTestId('template-products');
    expect(await within(products).findByText('Parcel from a post office, Latvia')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/prices/by_country')?.body).toMatchObject({
      shipmentType: 'parcel',
      countryCodes: ['LV'],
      weight: 1500,
    });

    // The courier product: its one service and the courier's slot.
    fireEvent.click(screen.getByTestId('product-22'));
    const courierServices = await screen.findByTestId('template-services');
    expect(within(courierServices).getByLabelText(said.fast)).toBeInTheDocument();
    expect(within(courierServices).queryByLabelText(said.insurance)).toBeNull();
    expect(screen.getByLabelText(said.courierDate)).toBeInTheDocument();

    // The post office product: insurance and fragile, not the courier's service, no cash on delivery.
    fireEvent.click(screen.getByTestId('product-7'));
    const services = await screen.findByTestId('template-services');
    await waitFor(() => expect(within(services).getByLabelText(said.fragile)).toBeInTheDocument());
    expect(within(services).queryByLabelText(said.fast)).toBeNull();
    expect(within(services).queryByLabelText(said.cod)).toBeNull();
    expect(screen.queryByLabelText(said.courierDate)).toBeNull();
    fireEvent.click(within(services).getByLabelText(said.fragile));

    // The sender is the profile's, as in the wizard.
    const sender = screen.getByTestId('template-sender');
    expect(within(sender).getByLabelText(said.senderName, { exact: false })).toHaveValue('Anna Bērziņa');
    fireEvent.change(within(sender).getByLabelText(said.postCode), { target: { value: '1010' } });

    fireEvent.click(screen.getByTestId('bulk-group-prepare'));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/orders/bulk/check')).toBe(true));
    expect(calls.find((call) => call.path === '/api/contacts')?.query).toMatchObject({ group: 7 });
    const sent = { product: '7', weight: '1500', services: 'fragile', senderName: 'Anna Bērziņa' };
    expect(calls.find((call) => call.path === '/api/orders/bulk/check')?.body).toMatchObject({
      rows: [
        {
          row: 2,
          values: {
            ...sent,
            receiverName: 'Jānis',
            senderEmail: 'shop@example.com',
            senderPhone: '29111111',
            senderAddressLine: 'Brīvības iela 5',
            senderPostCode: '1010',
            senderCountryCode: 'LV',
            pickUpDate: '',
          },
        },
        { row: 3, values: { ...sent, receiverName: 'Pēteris', receiverPhone: '29000002' } },
      ],
    });
    // The server's problem with the sender's post code, beside that field, for both shipments.
    await waitFor(() =>
      expect(within(sender).getByLabelText(said.postCode)).toHaveAccessibleDescription(
        `A Latvian post code has the form LV-1234. ${locale === 'en' ? '(2 shipments)' : '(2 sūtījumi)'}`,
      ),
    );
  });
});

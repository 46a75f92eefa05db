import type { PlatformSession } from '@portal/shared-contracts';
import { serverMessage } from '@portal/shared-contracts/i18n/server-messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import App from '../../exposes/App';
import { anonymousSession, COUNTRIES, fakeApi, renderWithPlatform, violationsError } from '../../test/render';

// The order page (issue 40 item 4), rendered at its address the way My orders' "Open" reaches it.

type Status = 'paid' | 'unfinished' | 'cancelled';

function order(status: Status, lineStatus = status === 'paid' ? 'paid' : 'unfinished') {
  const paid = status === 'paid';
  return {
    '@id': '/api/orders/k1',
    '@type': 'Order',
    key: 'k1abcdefgh',
    account: '/api/accounts/5',
    status,
    version: 3,
    step: 3,
    steps: [],
    discountCode: 'SPRING10',
    termsAccepted: true,
    privacyAccepted: true,
    eNotification: 'agree',
    price: {
      amount: 863,
      amountWithoutVat: 713,
      vat: 150,
      currency: 'EUR',
      components: [
        { name: 'shipment', amount: 826, vat: 174 },
        { name: 'onlineDiscount', amount: -41, vat: -9 },
        { name: 'discountCode', amount: -72, vat: -15 },
      ],
    },
    priceViolations: [],
    paidAt: paid ? '2026-11-22T10:05:00Z' : null,
    createdAt: '2026-11-22T10:00:00Z',
    updatedAt: '2026-11-22T10:05:00Z',
    orderLines: [
      {
        '@id': '/api/order_lines/1',
        id: 1,
        status: lineStatus,
        workFlow: '/api/work_flows/7',
        attributes: { weight: 2000, countryCode: 'LV', transferType: 'courier' },
        services: { courierPickUp: { pickUpTime: { date: '2026-11-24', from: '10:00', till: '14:00' } } },
        sender: null,
        receiver: {
          name: 'Jānis Ozols',
          phonePrefix: '371',
          phone: '29876543',
          address: { countryCode: 'LV', addressLine: 'Lielā iela 5', city: 'Liepāja', postCode: 'LV-3401' },
        },
        content: [],
        customsInfo: null,
        discountCode: null,
        approvals: [],
        barcode: paid ? 'CA123456785LV' : null,
        price: null,
        createdAt: '2026-11-22T10:00:00Z',
        updatedAt: '2026-11-22T10:05:00Z',
      },
    ],
  };
}

const tracking = (text: string) => ({
  '@id': '/api/tracking/CA123456785LV',
  '@type': 'Tracking',
  number: 'CA123456785LV',
  status: 'sent',
  statusDate: '2026-11-25T08:00:00Z',
  shipmentType: 'parcel',
  destinationCountryCode: 'LV',
  expectedDelivery: null,
  deliveryPlace: null,
  events: [
    { id: 'e1', code: 'SORTED', status: 'sent', text, occurredAt: '2026-11-25T08:00:00Z', place: null, note: null },
  ],
});

function routes(status: Status, lineStatus?: string, events = tracking('Sorted in Riga')) {
  return {
    'GET /api/countries': { 'hydra:member': COUNTRIES, 'hydra:totalItems': COUNTRIES.length },
    'GET /api/orders/k1': order(status, lineStatus),
    'GET /api/tracking/CA123456785LV': events,
  };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('order page', () => {
  it('shows a paid order: status, the shipment’s tracking, courier slot, documents, next steps and the price', async () => {
    const { api } = fakeApi(routes('paid'));
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order CA123456785LV' })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Paid');
    expect(screen.getByText(/Created on 22\.11\.2026 · paid on 22\.11\.2026/)).toBeInTheDocument();
    // The wizard is not shown for a paid order, nor the payment's result page.
    expect(screen.queryByTestId('step-shipment')).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-success')).not.toBeInTheDocument();

    const shipment = screen.getByRole('region', { name: 'Shipment CA123456785LV' });
    expect(await within(shipment).findByText(/Receiver: Jānis Ozols, Latvia/)).toBeInTheDocument();
    expect(within(shipment).getByTestId('shipment-status')).toHaveTextContent('Paid');
    expect(await within(shipment).findByTestId('latest-event')).toHaveTextContent('Latest: Sorted in Riga (25.11.2026');
    expect(within(shipment).getByRole('link', { name: 'Track shipment CA123456785LV' })).toHaveAttribute(
      'href',
      '/track?number=CA123456785LV',
    );
    expect(within(shipment).getByTestId('courier-slot')).toHaveTextContent('Courier pick-up: 24.11.2026, 10:00–14:00');
    expect(within(shipment).getByRole('heading', { level: 3, name: 'What to do next' })).toBeInTheDocument();
    expect(within(shipment).getByTestId('hand-over')).toHaveTextContent(
      'The courier comes on 24.11.2026 between 10:00 and 14:00.',
    );
    expect(within(shipment).getByTestId('download-label-a6')).toBeInTheDocument();
    expect(within(shipment).getByRole('link', { name: 'File a complaint about this shipment' })).toHaveAttribute(
      'href',
      '/complaint?shipmentNumber=CA123456785LV',
    );

    const price = screen.getByRole('region', { name: 'Price' });
    expect(within(price).getByTestId('price-part-shipment')).toHaveTextContent('Shipment10,00 €');
    expect(within(price).getByTestId('price-part-onlineDiscount')).toHaveTextContent(
      'Online preparation discount-0,50 €',
    );
    expect(within(price).getByTestId('price-part-discountCode')).toHaveTextContent('Discount code (SPRING10)-0,87 €');
    expect(within(price).getByTestId('order-page-total')).toHaveTextContent('8,63 €');
    expect(within(price).getByText('VAT included: 1,50 €')).toBeInTheDocument();
  });

  it('no hand-over instructions once the post has the shipment; the complaint stays', async () => {
    const { api } = fakeApi(routes('paid', 'delivered'));
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1' });
    const shipment = await screen.findByRole('region', { name: 'Shipment CA123456785LV' });
    expect(within(shipment).getByTestId('shipment-status')).toHaveTextContent('Delivered');
    expect(within(shipment).queryByTestId('hand-over')).not.toBeInTheDocument();
    expect(within(shipment).getByTestId('complain')).toBeInTheDocument();
  });

  it('speaks Latvian', async () => {
    const { api } = fakeApi(routes('paid', 'paid', tracking('Sašķirots Rīgā')));
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1', locale: 'lv' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pasūtījums CA123456785LV' })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Apmaksāts');
    const shipment = screen.getByRole('region', { name: 'Sūtījums CA123456785LV' });
    expect(within(shipment).getByTestId('courier-slot')).toHaveTextContent(
      'Kurjera ierašanās laiks: 24.11.2026, 10:00–14:00',
    );
    expect(await within(shipment).findByTestId('latest-event')).toHaveTextContent('Pēdējais notikums: Sašķirots Rīgā');
    expect(within(shipment).getByRole('link', { name: 'Iesniegt sūdzību par šo sūtījumu' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Cena' })).toHaveTextContent('Atlaides kods (SPRING10)');
  });

  it('a cancelled order says so and offers no documents', async () => {
    const { api } = fakeApi(routes('cancelled'));
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1' });
    expect(await screen.findByTestId('order-cancelled')).toHaveTextContent(
      'This order was cancelled and was not paid.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Order k1abcdef' })).toBeInTheDocument();
    expect(screen.queryByTestId('download-label-a6')).not.toBeInTheDocument();
    expect(screen.queryByTestId('complain')).not.toBeInTheDocument();
  });

  it('an unfinished order opens in the wizard, as before', async () => {
    const { api } = fakeApi(routes('unfinished'));
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Send a parcel' })).toBeInTheDocument();
    expect(screen.queryByTestId('order-details')).not.toBeInTheDocument();
  });
});

// Issue 40 item 1: a company account's paid shipment can be sent back, prepaid on its account.
const companySession = (type: 'company' | 'private' = 'company'): PlatformSession => ({
  ...anonymousSession,
  status: 'authenticated',
  activeAccount: { id: 5, '@id': '/api/accounts/5', type, companyName: 'SIA Veikals', email: null } as never,
});

const returned = (overrides: Record<string, unknown>) => ({
  '@id': '/api/public/returns/rk',
  '@type': 'Return',
  key: 'r'.repeat(32),
  status: 'labelIssued',
  code: null,
  orderKey: 'k1abcdefgh',
  shipmentNumber: 'CA123456785LV',
  returnBarcode: 'CA000000017LV',
  reason: null,
  dropOff: null,
  comment: null,
  priceCents: 350,
  payer: 'shopOnAccount',
  label: '/api/public/returns/rk/label',
  createdAt: '2026-11-26T10:00:00Z',
  labelIssuedAt: '2026-11-26T10:00:00Z',
  ...overrides,
});

describe('order page: returns', () => {
  const open = (
    routesGiven: Record<string, unknown>,
    options: { type?: 'company' | 'private'; locale?: 'en' | 'lv' } = {},
  ) => {
    const fake = fakeApi(routesGiven);
    renderWithPlatform(<App name="mf-order-flow" />, {
      api: fake.api,
      path: '/*',
      route: '/orders/parcel/k1',
      session: companySession(options.type),
      locale: options.locale,
      platform: { translateServerMessage: (said) => serverMessage(said, options.locale ?? 'en') },
    });
    return fake;
  };

  it('"Create return label" makes the return and offers its label for download', async () => {
    const saved: unknown[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:portal/1'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = open({
      ...routes('paid'),
      'POST /api/returns': returned({}),
      'GET /api/public/returns/rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr/label': new Blob(['%PDF-']),
    });
    const shipment = await screen.findByRole('region', { name: 'Shipment CA123456785LV' });
    fireEvent.click(within(shipment).getByRole('button', { name: 'Create return label' }));
    expect(await within(shipment).findByText(/the return's number is CA000000017LV/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/returns')?.body).toEqual({
      orderKey: 'k1abcdefgh',
      orderLineId: 1,
    });
    fireEvent.click(within(shipment).getByRole('button', { name: 'Download return label (A4)' }));
    await waitFor(() => expect(saved).toEqual(['return-CA000000017LV-A4.pdf']));
    expect(calls.find((call) => call.path.endsWith('/label'))?.query).toEqual({ format: 'A4' });
  });

  it('"Create return code" shows the code to give the customer', async () => {
    open({
      ...routes('paid'),
      'POST /api/return_codes': returned({
        status: 'codeIssued',
        code: 'RET-ABCD2345',
        returnBarcode: null,
        label: null,
      }),
    });
    const shipment = await screen.findByRole('region', { name: 'Shipment CA123456785LV' });
    fireEvent.click(within(shipment).getByRole('button', { name: 'Create return code' }));
    expect(await within(shipment).findByTestId('return-code-value')).toHaveTextContent('RET-ABCD2345');
    expect(within(shipment).queryByRole('button', { name: 'Create return label' })).not.toBeInTheDocument();
  });

  it('shows the API’s refusal beside the actions, in Latvian by its code', async () => {
    open(
      {
        ...routes('paid'),
        'POST /api/returns': () => {
          throw violationsError([
            { propertyPath: 'orderLineId', message: 'Already created.', code: 'RETURN_ALREADY_CREATED' },
          ]);
        },
      },
      { locale: 'lv' },
    );
    const shipment = await screen.findByRole('region', { name: 'Sūtījums CA123456785LV' });
    fireEvent.click(within(shipment).getByRole('button', { name: 'Izveidot atpakaļsūtījuma uzlīmi' }));
    expect(await within(shipment).findByTestId('return-error')).toHaveTextContent(
      'Šim sūtījumam atpakaļsūtījums jau ir izveidots.',
    );
  });

  it('shows the shipment’s earlier return code instead of the actions', async () => {
    const waiting = returned({ status: 'codeIssued', code: 'RET-WXYZ6789', returnBarcode: null, label: null });
    const other = returned({ key: 'o'.repeat(32), shipmentNumber: 'CA999999995LV', code: 'RET-OTHER222' });
    open({ ...routes('paid'), 'GET /api/returns': { 'hydra:member': [other, waiting], 'hydra:totalItems': 2 } });
    const shipment = await screen.findByRole('region', { name: 'Shipment CA123456785LV' });
    expect(await within(shipment).findByTestId('return-code-value')).toHaveTextContent('RET-WXYZ6789');
    expect(within(shipment).queryByRole('button', { name: 'Create return code' })).not.toBeInTheDocument();
  });

  it('shows the return’s own status and the customer’s drop-off, in English and Latvian', async () => {
    const started = returned({ reason: 'damaged', dropOff: 'parcelLocker' });
    const withReturn = (locale: 'en' | 'lv') => {
      const base = routes('paid');
      const paidOrder = base['GET /api/orders/k1'];
      const [line] = paidOrder.orderLines;
      open(
        {
          ...base,
          'GET /api/orders/k1': {
            ...paidOrder,
            orderLines: [{ ...line, returnBarcode: 'CA000000017LV', returnStatus: 'transferred' }],
          },
          'GET /api/returns': { 'hydra:member': [started], 'hydra:totalItems': 1 },
        },
        { locale },
      );
    };
    withReturn('en');
    let shipment = await screen.findByRole('region', { name: 'Shipment CA123456785LV' });
    expect(await within(shipment).findByTestId('return-status')).toHaveTextContent('Transferred');
    expect(within(shipment).getByTestId('shipment-status')).toHaveTextContent('Paid');
    expect(within(shipment).getByTestId('return-drop-off')).toHaveTextContent(
      'The customer hands it over: At a parcel locker',
    );
    cleanup();
    withReturn('lv');
    shipment = await screen.findByRole('region', { name: 'Sūtījums CA123456785LV' });
    expect(await within(shipment).findByTestId('return-status')).toHaveTextContent('Nodots');
    expect(within(shipment).getByTestId('return-drop-off')).toHaveTextContent('Klients to nodos: Pakomātā');
  });

  it.each([
    ['en', 'Shipment CA123456785LV', 'Hand-over QR code of the return', 'Your customer paid the postage.'],
    ['lv', 'Sūtījums CA123456785LV', 'Atpakaļsūtījuma nodošanas QR kods', 'Pasta izdevumus apmaksāja jūsu klients.'],
  ] as const)(
    'shows the return’s hand-over QR for the shop to send its customer (%s)',
    async (locale, region, alt, paidBy) => {
      const RETURN_KEY = 'r'.repeat(32);
      const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' });
      open(
        {
          ...routes('paid'),
          'GET /api/returns': { 'hydra:member': [returned({ payer: 'customer' })], 'hydra:totalItems': 1 },
          [`GET /api/public/returns/${RETURN_KEY}/handover`]: {
            '@type': 'HandoverCode',
            code: 'PH1.RRRRRRRRRRRRRRRRRRRRRR.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
            qr: `/api/public/returns/${RETURN_KEY}/handover/qr`,
            expiresAt: '2026-12-26T11:00:00Z',
            redeemedAt: null,
          },
          [`GET /api/public/returns/${RETURN_KEY}/handover/qr`]: () => svg,
        },
        { locale },
      );
      const shipment = await screen.findByRole('region', { name: region });
      const returnPart = await within(shipment).findByTestId('return-label');
      expect(returnPart).toHaveTextContent(paidBy);
      const image = await within(returnPart).findByRole('img', { name: alt });
      expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(within(returnPart).getByTestId('handover-qr-code')).toHaveTextContent('PH1.RRRRRRRRRRRRRRRRRRRRRR.');
      expect(within(returnPart).getByRole('heading', { level: 4 })).toBeInTheDocument();
    },
  );

  it.each([
    [
      'en',
      'Shipment CA123456785LV',
      'Your customer started a return and pays its postage (3,50 €) before the label is made.',
    ],
    [
      'lv',
      'Sūtījums CA123456785LV',
      'Jūsu klients sāka atpakaļsūtījumu un pirms uzlīmes izveides apmaksā pasta izdevumus (3,50 €).',
    ],
  ] as const)(
    'says a return waits for the customer’s payment and lets the shop take it over (%s)',
    async (locale, region, text) => {
      const waiting = returned({ status: 'awaitingPayment', payer: 'customer', returnBarcode: null, label: null });
      const { calls } = open(
        {
          ...routes('paid'),
          'GET /api/returns': { 'hydra:member': [waiting], 'hydra:totalItems': 1 },
          'POST /api/returns': returned({ payer: 'shopOnAccount' }),
        },
        { locale },
      );
      const shipment = await screen.findByRole('region', { name: region });
      expect(await within(shipment).findByTestId('return-awaiting-payment')).toHaveTextContent(text);
      expect(within(shipment).queryByTestId('create-return-label')).not.toBeInTheDocument();
      fireEvent.click(within(shipment).getByTestId('take-over-return'));
      expect(await within(shipment).findByTestId('return-label')).toHaveTextContent('CA000000017LV');
      expect(within(shipment).queryByTestId('return-awaiting-payment')).not.toBeInTheDocument();
      expect(calls.find((call) => call.method === 'POST' && call.path === '/api/returns')?.body).toEqual({
        orderKey: 'k1abcdefgh',
        orderLineId: 1,
      });
    },
  );

  it('offers no returns to a private account', async () => {
    open(routes('paid'), { type: 'private' });
    await screen.findByRole('region', { name: 'Shipment CA123456785LV' });
    expect(screen.queryByTestId('return-actions')).not.toBeInTheDocument();
  });
});

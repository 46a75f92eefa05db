import { ApplicationError } from '@portal/shared-contracts';
import { fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { catalogues, NAMESPACE } from '../../i18n';
import type { AdminOrder } from './api';
import OrderCreatePage from './OrderCreatePage';
import OrderEditPage from './OrderEditPage';
import OrderShowPage from './OrderShowPage';
import OrdersListPage from './OrdersListPage';

const KEY = 'abcdefghijklmnopqrstuvwx';
const ROW = {
  '@id': `/api/admin/orders/${KEY}`,
  key: KEY,
  status: 'paid',
  account: '/api/accounts/4',
  client: 'client@example.com',
  barcodes: ['RR123456785LV'],
  lineCount: 1,
  priceCents: 450,
  createdAt: '2026-11-20T10:15:00.000Z',
  paidAt: '2026-11-20T10:20:00.000Z',
};

const ORDER = {
  '@id': `/api/orders/${KEY}`,
  '@type': 'Order',
  key: KEY,
  account: '/api/accounts/4',
  status: 'unfinished',
  version: 1,
  step: 3,
  steps: [],
  discountCode: null,
  termsAccepted: true,
  privacyAccepted: true,
  eNotification: null,
  orderLines: [
    {
      '@id': `/api/orders/${KEY}/order_lines/9`,
      id: 9,
      status: 'unfinished',
      workFlow: '/api/work_flows/1',
      attributes: { weight: 1500, countryCode: 'LV' },
      services: null,
      sender: null,
      receiver: { name: 'Jānis Bērziņš' },
      content: [],
      customsInfo: null,
      discountCode: null,
      approvals: [],
      barcode: null,
      price: { amount: 450, amountWithoutVat: 372, vat: 78, currency: 'EUR' },
      createdAt: '2026-11-20T10:15:00.000Z',
      updatedAt: '2026-11-20T10:15:00.000Z',
    },
  ],
  price: { amount: 450, amountWithoutVat: 372, vat: 78, currency: 'EUR' },
  priceViolations: [],
  paidAt: null,
  createdAt: '2026-11-20T10:15:00.000Z',
  updatedAt: '2026-11-20T10:15:00.000Z',
  client: { account: '/api/accounts/4', email: 'client@example.com', companyName: null },
  createdBy: { id: 5, email: 'client@example.com' },
  cancellation: null,
} as unknown as AdminOrder;

describe('OrdersListPage', () => {
  it('lists orders and searches on the server with dates as YYYY-MM-DD, sorted as chosen', async () => {
    const { api, calls } = fakeApi({
      'GET /api/admin/orders': { 'hydra:member': [ROW], 'hydra:totalItems': 1 },
    });
    renderRemote(<OrdersListPage />, { namespace: NAMESPACE, catalogues, api, route: '/admin/orders' });
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveTextContent('Administration');
    const row = await screen.findByTestId('order-row');
    expect(row).toHaveTextContent('RR123456785LV');
    expect(row).toHaveTextContent('client@example.com');
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('4,50 €');
    expect(screen.getByRole('link', { name: 'Open abcdefgh' })).toHaveAttribute('href', `/admin/orders/show/${KEY}`);

    fireEvent.change(screen.getByLabelText('Shipment number'), { target: { value: 'RR123456785LV' } });
    fireEvent.change(screen.getByLabelText('Created from', { exact: false }), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('Enter a date as DD.MM.YYYY.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Created from', { exact: false }), { target: { value: '01.11.2026' } });
    fireEvent.click(screen.getByRole('button', { name: /Created/ }));
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({
        path: '/api/admin/orders',
        query: { shipment: 'RR123456785LV', dateFrom: '2026-11-01', '_order[createdAt]': 'ASC', page: 1 },
      }),
    );
  });

  it('shows a reversed period beside the field and does not send it', async () => {
    const { api, calls } = fakeApi({ 'GET /api/admin/orders': { 'hydra:member': [], 'hydra:totalItems': 0 } });
    renderRemote(<OrdersListPage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      route: '/admin/orders?dateFrom=02.11.2026&dateTill=01.11.2026',
    });
    expect(await screen.findByText('The end date must not be before the start date.')).toBeInTheDocument();
    expect(await screen.findByTestId('orders-empty')).toBeInTheDocument();
    expect(calls.every((call) => (call.query as Record<string, unknown>).dateTill === undefined)).toBe(true);
  });

  it('speaks Latvian', async () => {
    const { api } = fakeApi({ 'GET /api/admin/orders': { 'hydra:member': [ROW], 'hydra:totalItems': 1 } });
    renderRemote(<OrdersListPage />, { namespace: NAMESPACE, catalogues, api, locale: 'lv', route: '/admin/orders' });
    expect(await screen.findByText('1 pasūtījums')).toBeInTheDocument();
    expect(screen.getByLabelText('Sūtījuma numurs')).toBeInTheDocument();
  });
});

describe('OrderShowPage', () => {
  const renderShow = (cancel: unknown) => {
    const { api, calls } = fakeApi({
      [`GET /api/admin/orders/${KEY}`]: ORDER,
      [`POST /api/admin/orders/${KEY}/cancel`]: cancel,
    });
    renderRemote(<OrderShowPage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      route: `/admin/orders/show/${KEY}`,
      path: '/admin/orders/show/:id',
    });
    return calls;
  };

  it('shows the order and cancels it with the reason given', async () => {
    const calls = renderShow(() => ({
      ...ORDER,
      status: 'cancelled',
      cancellation: { reason: 'Sent by mistake', cancelledBy: 2, cancelledAt: '2026-11-21T08:00:00.000Z' },
    }));
    expect(await screen.findByText('Jānis Bērziņš')).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Unpaid');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orders');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Give the reason for cancelling.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Reason for cancelling/), { target: { value: '  Sent by mistake ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByTestId('order-cancellation')).toHaveTextContent('Reason: Sent by mistake');
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { reason: 'Sent by mistake' } });
    expect(screen.getByTestId('order-status')).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it("shows the server's refusal beside the reason", async () => {
    renderShow(() => {
      throw violationsError([{ propertyPath: 'reason', message: 'This value is too long.' }]);
    });
    fireEvent.change(await screen.findByLabelText(/Reason for cancelling/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('This value is too long.')).toBeInTheDocument();
  });
});

describe('OrderEditPage', () => {
  const renderEdit = (put: unknown) => {
    const { api, calls } = fakeApi({ [`GET /api/admin/orders/${KEY}`]: ORDER, [`PUT /api/admin/orders/${KEY}`]: put });
    renderRemote(<OrderEditPage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      route: `/admin/orders/edit/${KEY}`,
      path: '/admin/orders/edit/:id',
    });
    return calls;
  };

  it('sends the whole order with the version read and the corrected weight and receiver', async () => {
    const calls = renderEdit((body: { orderLines: unknown[] }) => ({
      ...ORDER,
      version: 2,
      orderLines: body.orderLines,
    }));
    const weight = await screen.findByLabelText('Weight, g');
    expect(weight).toHaveValue('1500');
    fireEvent.change(weight, { target: { value: '1,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter the weight in whole grams.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(weight, { target: { value: '2500' } });
    fireEvent.change(screen.getByLabelText("Receiver's name"), { target: { value: ' Anna Kalniņa ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.at(-1)?.method).toBe('PUT'));
    expect(calls.at(-1)?.body).toMatchObject({
      version: 1,
      step: 3,
      termsAccepted: true,
      orderLines: [
        {
          workFlow: '/api/work_flows/1',
          attributes: { weight: 2500, countryCode: 'LV' },
          receiver: { name: 'Anna Kalniņa' },
        },
      ],
    });
  });

  it("shows the server's violations beside the field, and a stale version as such", async () => {
    let answer: 'invalid' | 'stale' = 'invalid';
    renderEdit(() => {
      if (answer === 'stale') throw new ApplicationError('Conflict', { status: 409 });
      throw violationsError([
        { propertyPath: 'orderLines[0].receiver.address.postCode', message: 'Post code missing.' },
      ]);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Post code missing.')).toBeInTheDocument();
    answer = 'stale';
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Someone changed this order meanwhile/)).toBeInTheDocument();
  });

  it('refuses to edit a paid order', async () => {
    const { api } = fakeApi({ [`GET /api/admin/orders/${KEY}`]: { ...ORDER, status: 'paid' } });
    renderRemote(<OrderEditPage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      route: `/admin/orders/edit/${KEY}`,
      path: '/admin/orders/edit/:id',
    });
    expect(await screen.findByText('Only an unpaid order can be edited.')).toBeInTheDocument();
  });
});

describe('OrderCreatePage', () => {
  const PRODUCTS = {
    'hydra:member': [{ '@id': '/api/work_flows/1', label: 'Parcel to a post office' }],
    'hydra:totalItems': 1,
  };

  it("saves a draft in the client's account and checks the fields first", async () => {
    const { api, calls } = fakeApi({
      'GET /api/public/work_flows': PRODUCTS,
      'POST /api/admin/orders': ORDER,
      [`GET /api/admin/orders/${KEY}`]: ORDER,
    });
    renderRemote(<OrderCreatePage />, { namespace: NAMESPACE, catalogues, api, route: '/admin/orders/create' });
    expect(screen.getByRole('heading', { level: 1, name: 'New order' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save the order for the client' }));
    expect(await screen.findByText("Enter the client's account number, e.g. 12.")).toBeInTheDocument();
    expect(screen.getByText('Choose a product.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Client account number/), { target: { value: '4' } });
    fireEvent.click(screen.getByLabelText(/^Product/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Parcel to a post office', hidden: true }));
    fireEvent.change(screen.getByLabelText(/Weight, g/), { target: { value: '1200' } });
    fireEvent.change(screen.getByLabelText("Receiver's name"), { target: { value: 'Jānis Bērziņš' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the order for the client' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      account: '/api/accounts/4',
      step: 1,
      orderLines: [
        {
          workFlow: '/api/work_flows/1',
          attributes: { weight: 1200, countryCode: 'LV' },
          receiver: {
            name: 'Jānis Bērziņš',
            phone: null,
            address: { countryCode: 'LV', addressLine: null, city: null, postCode: null },
          },
        },
      ],
    });
  });

  it("shows the API's refusal beside the field", async () => {
    const { api } = fakeApi({
      'GET /api/public/work_flows': PRODUCTS,
      'POST /api/admin/orders': () => {
        throw violationsError([{ propertyPath: 'account', message: 'Account not found.' }]);
      },
    });
    renderRemote(<OrderCreatePage />, { namespace: NAMESPACE, catalogues, api, route: '/admin/orders/create' });
    fireEvent.change(screen.getByLabelText(/Client account number/), { target: { value: '999' } });
    fireEvent.click(screen.getByLabelText(/^Product/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Parcel to a post office', hidden: true }));
    fireEvent.change(screen.getByLabelText(/Weight, g/), { target: { value: '1200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the order for the client' }));
    expect(await screen.findByText('Account not found.')).toBeInTheDocument();
  });
});

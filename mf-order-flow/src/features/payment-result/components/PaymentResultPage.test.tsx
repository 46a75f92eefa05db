import { type Account, ApplicationError, type PlatformSession } from '@portal/shared-contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import App from '../../../exposes/App';
import { anonymousSession, fakeApi, renderWithPlatform } from '../../../test/render';

function order(
  status: 'paid' | 'unfinished',
  transferType = 'postOffice',
  content: unknown[] = [],
  countryCode = 'LV',
) {
  return {
    '@id': '/api/orders/k1',
    '@type': 'Order',
    key: 'k1',
    account: null,
    status,
    version: 2,
    step: 3,
    steps: [],
    discountCode: null,
    termsAccepted: true,
    privacyAccepted: true,
    eNotification: 'agree',
    price: { amount: 826, amountWithoutVat: 826, vat: 0, currency: 'EUR', components: [] },
    priceViolations: [],
    paidAt: status === 'paid' ? '2026-11-22T10:05:00Z' : null,
    createdAt: '2026-11-22T10:00:00Z',
    updatedAt: '2026-11-22T10:05:00Z',
    orderLines: [
      {
        '@id': '/api/order_lines/1',
        id: 1,
        status: status === 'paid' ? 'paid' : 'unfinished',
        workFlow: '/api/work_flows/7',
        attributes: {
          weight: 2000,
          countryCode,
          transferType,
          transferLocationId: transferType === 'parcelMachine' ? 'lp-7' : null,
        },
        services: null,
        sender: null,
        receiver: null,
        content,
        customsInfo: content.length ? { natureOfTransaction: 'gift' } : null,
        discountCode: null,
        approvals: [],
        barcode: status === 'paid' ? 'LV123456785LV' : null,
        price: null,
        createdAt: '2026-11-22T10:00:00Z',
        updatedAt: '2026-11-22T10:05:00Z',
      },
    ],
  };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('payment result', () => {
  it('shows the paid order with its number, hand-over instructions and label downloads', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const { api, calls } = fakeApi({
      'GET /api/orders/k1': order('paid'),
      'GET /api/orders/k1/documents/label': () => pdf,
    });
    const createObjectURL = jest.fn(() => 'blob:label');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1/success' });
    expect(await screen.findByRole('heading', { name: 'Shipment successfully paid!' })).toBeInTheDocument();
    expect(screen.getByTestId('shipment-number')).toHaveTextContent('LV123456785LV');
    expect(screen.getByTestId('hand-over')).toHaveTextContent('Hand it over at a post office');
    expect(screen.queryByTestId('download-customs')).not.toBeInTheDocument();
    // The order's own page, to come back to later (issue 40).
    expect(screen.getByRole('link', { name: /^Follow this order/ })).toHaveAttribute('href', '/orders/parcel/k1');
    fireEvent.click(screen.getByTestId('download-label-a6'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalledWith(pdf);
    expect(calls.find((call) => call.path === '/api/orders/k1/documents/label')?.query).toEqual({ format: 'A6' });
  });

  it('offers the three label formats, A6 first for a visitor', async () => {
    const { api } = fakeApi({ 'GET /api/orders/k1': order('paid') });
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1/success' });
    expect(await screen.findByTestId('download-label-a6')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: /^Download label/ }).map((button) => button.dataset.testid);
    expect(buttons).toEqual(['download-label-a6', 'download-label-a4', 'download-label-zpl']);
  });

  it('puts the account’s default label format first and downloads ZPL as a .zpl file (issue 20)', async () => {
    const zpl = new Blob(['^XA^XZ'], { type: 'text/plain' });
    const { api, calls } = fakeApi({
      'GET /api/orders/k1': order('paid'),
      'GET /api/orders/k1/documents/label': () => zpl,
    });
    const account = { id: 5, '@id': '/api/accounts/5', type: 'company', labelFormat: 'zpl' } as Account;
    const session: PlatformSession = { ...anonymousSession, status: 'authenticated', activeAccount: account };
    const createObjectURL = jest.fn(() => 'blob:label');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const names: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderWithPlatform(<App name="mf-order-flow" />, { api, session, path: '/*', route: '/orders/parcel/k1/success' });
    const first = await screen.findByTestId('download-label-zpl');
    const buttons = screen.getAllByRole('button', { name: /^Download label/ });
    expect(buttons.map((button) => button.dataset.testid)).toEqual([
      'download-label-zpl',
      'download-label-a6',
      'download-label-a4',
    ]);
    expect(first).toHaveTextContent('Download label for a thermal printer (ZPL, 100 × 150 mm)');
    fireEvent.click(first);
    await waitFor(() => expect(names).toEqual(['label-zpl-LV123456785LV.zpl']));
    expect(createObjectURL).toHaveBeenCalledWith(zpl);
    expect(calls.find((call) => call.path === '/api/orders/k1/documents/label')?.query).toEqual({ format: 'zpl' });
  });

  it('shows the order’s hand-over QR code for a counter or parcel locker to print the labels (issue 20 item 5)', async () => {
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' });
    const { api } = fakeApi({
      'GET /api/orders/k1': order('paid'),
      'GET /api/orders/k1/handover': {
        '@type': 'HandoverCode',
        code: 'PH1.AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
        qr: '/api/orders/k1/handover/qr',
        expiresAt: '2026-12-22T10:05:00Z',
        redeemedAt: null,
      },
      'GET /api/orders/k1/handover/qr': () => svg,
    });
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1/success' });
    const image = await screen.findByRole('img', { name: 'Hand-over QR code of the order' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    const section = screen.getByTestId('handover-qr');
    expect(section).toHaveTextContent('Show this QR code at a parcel locker or post office counter');
    expect(section).toHaveTextContent('Valid until 22.12.2026.');
    expect(screen.getByTestId('handover-qr-code')).toHaveTextContent('PH1.AAAAAAAAAAAAAAAAAAAAAA.');
    // The label menu leads to it.
    expect(screen.getByTestId('show-handover-qr')).toHaveAttribute('href', '#handover-qr');
  });

  it('asks again for a hand-over code the job has not made yet right after paying (issue 37: made after the commit)', async () => {
    let asked = 0;
    const { api } = fakeApi({
      'GET /api/orders/k1': order('paid'),
      'GET /api/orders/k1/handover': () => {
        asked += 1;
        if (asked < 3) throw new ApplicationError('Not found', { status: 404 });
        return {
          '@type': 'HandoverCode',
          code: 'PH1.CCCCCCCCCCCCCCCCCCCCCC.DDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD',
          qr: '/api/orders/k1/handover/qr',
          expiresAt: '2026-12-22T10:05:00Z',
          redeemedAt: null,
        };
      },
      'GET /api/orders/k1/handover/qr': () => new Blob(['<svg/>'], { type: 'image/svg+xml' }),
    });
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1/success' });
    // Two answers of 404 (asked again 0.5 s and 1 s later), then the code; the wait allows for a
    // busy machine, the count is what is checked.
    expect(await screen.findByTestId('handover-qr-code', {}, { timeout: 15_000 })).toHaveTextContent('PH1.CCCC');
    expect(asked).toBe(3);
  }, 20_000);

  it('says when a counter printed the labels with the hand-over code', async () => {
    const { api, calls } = fakeApi({
      'GET /api/orders/k1': order('paid'),
      'GET /api/orders/k1/handover': {
        '@type': 'HandoverCode',
        code: 'PH1.AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
        qr: '/api/orders/k1/handover/qr',
        expiresAt: '2026-12-22T10:05:00Z',
        redeemedAt: '2026-11-24T09:30:00Z',
      },
    });
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1/success' });
    expect(await screen.findByTestId('handover-qr-used')).toHaveTextContent('Handed over at the counter on 24.11.2026');
    expect(screen.queryByTestId('handover-qr-image')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/orders/k1/handover/qr')).toBe(false);
  });

  it('says nothing of customs for a domestic insured parcel with content (issue 21)', async () => {
    const { api } = fakeApi({
      'GET /api/orders/k1': order('paid', 'postOffice', [{ name: 'Book', weight: 500, value: 2000 }], 'LV'),
    });
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1/success' });
    expect(await screen.findByTestId('hand-over')).toHaveTextContent('Hand it over at a post office');
    expect(screen.getByTestId('hand-over')).not.toHaveTextContent(/customs/i);
    expect(screen.queryByTestId('download-customs')).not.toBeInTheDocument();
  });

  it('offers the customs declaration for a shipment with content leaving the EU', async () => {
    const { api } = fakeApi({
      'GET /api/orders/k1': order('paid', 'parcelMachine', [{ name: 'Book', weight: 500, value: 2000 }], 'US'),
      'GET /api/service_locations/lp-7': { id: 'lp-7', name: 'Rīga Origo pakomāts', address: 'Stacijas laukums 2' },
    });
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1/success' });
    expect(await screen.findByTestId('download-customs')).toBeInTheDocument();
    expect(screen.getByTestId('hand-over')).toHaveTextContent('Hand it over at the parcel locker');
    expect(screen.getByTestId('hand-over')).toHaveTextContent('Print the customs declaration too');
    await waitFor(() =>
      expect(screen.getByTestId('hand-over')).toHaveTextContent('Rīga Origo pakomāts, Stacijas laukums 2'),
    );
  });

  it('says the payment failed and leads back to the order', async () => {
    const { api } = fakeApi({ 'GET /api/orders/k1': order('unfinished') });
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1/failed' });
    expect(await screen.findByRole('heading', { name: 'Error! Payment failed!' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('payment-retry'));
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent(/^\/orders\/parcel\/k1$/));
  });

  it('never claims a payment for an order that is not paid', async () => {
    const { api } = fakeApi({ 'GET /api/orders/k1': order('unfinished') });
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1/success' });
    expect(await screen.findByRole('heading', { name: 'Confirming the payment…' })).toBeInTheDocument();
    expect(screen.queryByText('Shipment successfully paid!')).not.toBeInTheDocument();
  });

  it('answers an unknown result with the not-found page', async () => {
    const { api } = fakeApi({});
    renderWithPlatform(<App name="mf-order-flow" />, { api, path: '/*', route: '/orders/parcel/k1/maybe' });
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});

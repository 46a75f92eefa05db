import { serverMessage } from '@portal/shared-contracts/i18n/server-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import App from '../../exposes/App';
import { fakeApi, renderWithPlatform, violationsError } from '../../test/render';

// The public /returns page (issue 40 item 1): the customer redeems the shop's return code.

const KEY = 'k'.repeat(32);
const redeemed = {
  '@id': `/api/public/returns/${KEY}`,
  '@type': 'Return',
  key: KEY,
  status: 'labelIssued',
  code: 'RET-ABCD2345',
  orderKey: 'o1',
  shipmentNumber: 'CA123456785LV',
  returnBarcode: 'CA000000017LV',
  reason: 'damaged',
  dropOff: 'postOffice',
  comment: null,
  priceCents: 350,
  payer: 'shopOnAccount',
  label: `/api/public/returns/${KEY}/label`,
  createdAt: '2026-11-26T10:00:00Z',
  labelIssuedAt: '2026-11-26T11:00:00Z',
};

function open(routes: Record<string, unknown>, locale: 'en' | 'lv' = 'en', route = '/returns') {
  const fake = fakeApi(routes);
  renderWithPlatform(<App name="mf-order-flow" />, {
    api: fake.api,
    path: '/*',
    route,
    locale,
    platform: { translateServerMessage: (said) => serverMessage(said, locale) },
  });
  return fake;
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('/returns', () => {
  it('checks the choices beside each field before anything is sent', async () => {
    const { calls } = open({});
    expect(await screen.findByRole('heading', { level: 1, name: 'Return a parcel' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Return code/ }), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get the return label' }));
    expect(await screen.findByText('No return matches this code.')).toBeInTheDocument();
    expect(screen.getByText('Choose a reason for the return.')).toBeInTheDocument();
    expect(screen.getByText('Choose where you will hand the return over.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Return code/ })).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('redeems the code with the reason, drop-off and comment, then offers the label', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:portal/1'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = open({
      'POST /api/public/returns/redeem': redeemed,
      [`GET /api/public/returns/${KEY}/label`]: new Blob(['%PDF-']),
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /Return code/ }), {
      target: { value: ' ret-abcd2345 ' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'The goods arrived damaged' }));
    fireEvent.click(screen.getByRole('radio', { name: 'At a post office' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment (optional)' }), { target: { value: 'Box torn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get the return label' }));

    const ready = await screen.findByRole('region', { name: 'Your return is ready' });
    expect(within(ready).getByTestId('return-number')).toHaveTextContent('Return number: CA000000017LV');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/public/returns/redeem',
      body: { code: 'RET-ABCD2345', reason: 'damaged', dropOff: 'postOffice', comment: 'Box torn' },
    });
    fireEvent.click(within(ready).getByRole('button', { name: 'Download label (PDF, A6)' }));
    await waitFor(() => expect(saved).toEqual(['return-CA000000017LV-A6.pdf']));
    expect(calls.find((call) => call.path === `/api/public/returns/${KEY}/label`)).toMatchObject({
      query: { format: 'A6' },
    });
  });

  it.each([
    ['en', 'Your return is ready', 'Hand-over QR code of the return', 'the return label is printed there'],
    [
      'lv',
      'Jūsu atpakaļsūtījums ir gatavs',
      'Atpakaļsūtījuma nodošanas QR kods',
      'atpakaļsūtījuma uzlīmi izdrukās tur',
    ],
  ] as const)(
    'offers the return’s hand-over QR beside its label, for a counter or locker to print it (%s)',
    async (locale, region, alt, text) => {
      const choices =
        locale === 'en' ? ['The goods arrived damaged', 'At a post office'] : ['Prece saņemta bojāta', 'Pasta nodaļā'];
      const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' });
      open(
        {
          'POST /api/public/returns/redeem': redeemed,
          [`GET /api/public/returns/${KEY}/handover`]: {
            '@type': 'HandoverCode',
            code: 'PH1.AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
            qr: `/api/public/returns/${KEY}/handover/qr`,
            expiresAt: '2026-12-26T11:00:00Z',
            redeemedAt: null,
          },
          [`GET /api/public/returns/${KEY}/handover/qr`]: () => svg,
        },
        locale,
      );
      fireEvent.change(await screen.findByRole('textbox', { name: /Return code|Atpakaļsūtīšanas kods/ }), {
        target: { value: 'RET-ABCD2345' },
      });
      for (const choice of choices) fireEvent.click(screen.getByRole('radio', { name: choice }));
      fireEvent.click(screen.getByRole('button', { name: /Get the return label|Saņemt atpakaļsūtījuma uzlīmi/ }));
      const ready = await screen.findByRole('region', { name: region });
      const image = await within(ready).findByRole('img', { name: alt });
      expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(within(ready).getByTestId('handover-qr')).toHaveTextContent(text);
      expect(within(ready).getByTestId('handover-qr')).toHaveTextContent('26.12.2026');
      expect(within(ready).getByTestId('handover-qr-code')).toHaveTextContent('PH1.AAAAAAAAAAAAAAAAAAAAAA.');
    },
  );

  it('shows the API’s refusal beside the code, in Latvian', async () => {
    open(
      {
        'POST /api/public/returns/redeem': () => {
          throw violationsError([
            { propertyPath: 'code', message: 'This return code has already been used.', code: 'RETURN_CODE_REDEEMED' },
          ]);
        },
      },
      'lv',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sūtīt atpakaļ' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Atpakaļsūtīšanas kods/ }), {
      target: { value: 'RET-ABCD2345' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Pārdomāju' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Pakomātā' }));
    fireEvent.click(screen.getByRole('button', { name: 'Saņemt atpakaļsūtījuma uzlīmi' }));
    expect(await screen.findByText('Šis atpakaļsūtīšanas kods jau ir izmantots.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Atpakaļsūtīšanas kods/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('starts a return with the order number and e-mail instead of a code', async () => {
    const { calls } = open({ 'POST /api/public/returns': { ...redeemed, code: null } });
    fireEvent.click(await screen.findByRole('radio', { name: 'With the order number and e-mail' }));
    expect(screen.queryByRole('textbox', { name: /Return code/ })).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Order number/ }), { target: { value: '12' } });
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get the return label' }));
    expect(
      await screen.findByText('Enter the order number: the shipment’s number, such as RR123456785LV.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter the e-mail address the order was sent to.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /Order number/ }), { target: { value: ' ca 123456785 lv ' } });
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: ' klients@example.com ' } });
    fireEvent.click(screen.getByRole('radio', { name: 'The goods arrived damaged' }));
    fireEvent.click(screen.getByRole('radio', { name: 'At a post office' }));
    fireEvent.click(screen.getByRole('button', { name: 'Get the return label' }));

    const ready = await screen.findByRole('region', { name: 'Your return is ready' });
    expect(within(ready).getByTestId('return-number')).toHaveTextContent('Return number: CA000000017LV');
    expect(within(ready).getByTestId('return-drop-off')).toHaveTextContent('Hand it over: At a post office');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/public/returns',
      body: {
        orderNumber: 'CA123456785LV',
        email: 'klients@example.com',
        reason: 'damaged',
        dropOff: 'postOffice',
        comment: null,
      },
    });
  });

  it('lets the customer name the parcel locker, found in the places list, and shows it', async () => {
    const place = { id: 'lp-9', name: 'Atpakaļ pakomāts', address: 'Atgriešanas iela 3', city: 'Cēsis' };
    const { calls } = open({
      'GET /api/service_locations': {
        'hydra:member': [{ ...place, type: 'parcelLocker', countryCode: 'LV' }],
        'hydra:totalItems': 1,
      },
      'POST /api/public/returns/redeem': { ...redeemed, dropOff: 'parcelLocker', dropOffPlace: place },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /Return code/ }), {
      target: { value: 'RET-ABCD2345' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'I changed my mind' }));
    expect(screen.queryByTestId('location-return-drop-off')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'At a parcel locker' }));
    expect(screen.getByText('Any parcel locker will do.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Choose a parcel locker (optional)' }));
    fireEvent.change(screen.getByLabelText('Search by name, address, city or post code'), {
      target: { value: 'Atpak' },
    });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/service_locations')).toBe(true));
    // Lockers in Latvia where parcels are handed over.
    expect(calls.find((call) => call.path === '/api/service_locations')?.query).toEqual(
      expect.objectContaining({ q: 'Atpak', type: 'parcelLocker', countryCode: 'LV' }),
    );
    fireEvent.click(screen.getByLabelText(/The parcel locker or post office/, { selector: 'input' }));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Atpakaļ pakomāts, Atgriešanas iela 3, Cēsis', hidden: true }),
    );
    expect(await screen.findByTestId('chosen-location-return-drop-off')).toHaveTextContent('Atpakaļ pakomāts');
    fireEvent.click(screen.getByRole('button', { name: 'Get the return label' }));

    const ready = await screen.findByRole('region', { name: 'Your return is ready' });
    expect(within(ready).getByTestId('return-drop-off')).toHaveTextContent(
      'Hand it over: Atpakaļ pakomāts, Atgriešanas iela 3, Cēsis',
    );
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/public/returns/redeem',
      body: { code: 'RET-ABCD2345', dropOff: 'parcelLocker', dropOffPlaceId: 'lp-9' },
    });
  });

  it('says a wrong order number and e-mail beside the number, in Latvian', async () => {
    open(
      {
        'POST /api/public/returns': () => {
          throw violationsError([
            {
              propertyPath: 'orderNumber',
              message: 'No shipment that can be returned matches this order number and e-mail.',
              code: 'RETURN_NOT_FOUND',
            },
          ]);
        },
      },
      'lv',
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Ar pasūtījuma numuru un e-pastu' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Pasūtījuma numurs/ }), {
      target: { value: 'CA123456785LV' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /E-pasts/ }), { target: { value: 'klients@example.com' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Pārdomāju' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Pakomātā' }));
    fireEvent.click(screen.getByRole('button', { name: 'Saņemt atpakaļsūtījuma uzlīmi' }));
    expect(
      await screen.findByText('Šim pasūtījuma numuram un e-pastam neatbilst neviens sūtījums, ko var sūtīt atpakaļ.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Pasūtījuma numurs/ })).toHaveAttribute('aria-invalid', 'true');
  });

  describe('when the shop lets the customer pay', () => {
    const awaiting = {
      ...redeemed,
      code: null,
      status: 'awaitingPayment',
      returnBarcode: null,
      label: null,
      labelIssuedAt: null,
      payer: 'customer',
    };
    const TEXTS = {
      en: {
        startWith: 'With the order number and e-mail',
        orderNumber: /Order number/,
        email: /E-mail/,
        choices: ['The goods arrived damaged', 'At a post office'],
        submit: 'Get the return label',
        region: 'Pay for the return',
        price: 'The shop asks you to pay the return’s postage: 3,50 €.',
        pay: 'Pay 3,50 €',
        failed: 'The payment did not go through. No label was made; you can pay again.',
        ready: 'Your return is ready',
        paid: 'You have paid the postage.',
      },
      lv: {
        startWith: 'Ar pasūtījuma numuru un e-pastu',
        orderNumber: /Pasūtījuma numurs/,
        email: /E-pasts/,
        choices: ['Prece saņemta bojāta', 'Pasta nodaļā'],
        submit: 'Saņemt atpakaļsūtījuma uzlīmi',
        region: 'Apmaksājiet atpakaļsūtījumu',
        price: 'Veikals lūdz jūs apmaksāt atpakaļsūtījuma pasta izdevumus: 3,50 €.',
        pay: 'Maksāt 3,50 €',
        failed: 'Maksājums neizdevās. Uzlīme netika izveidota; varat maksāt vēlreiz.',
        ready: 'Jūsu atpakaļsūtījums ir gatavs',
        paid: 'Pasta izdevumus esat apmaksājis.',
      },
    } as const;

    it.each(['en', 'lv'] as const)(
      'shows the price and sends the customer to pay before the label (%s)',
      async (locale) => {
        const texts = TEXTS[locale];
        const { calls } = open(
          {
            'POST /api/public/returns': awaiting,
            [`POST /api/public/returns/${KEY}/payments`]: { redirectUrl: '/api/payment-sandbox/abc' },
          },
          locale,
        );
        fireEvent.click(await screen.findByRole('radio', { name: texts.startWith }));
        fireEvent.change(screen.getByRole('textbox', { name: texts.orderNumber }), {
          target: { value: 'CA123456785LV' },
        });
        fireEvent.change(screen.getByRole('textbox', { name: texts.email }), {
          target: { value: 'klients@example.com' },
        });
        for (const choice of texts.choices) fireEvent.click(screen.getByRole('radio', { name: choice }));
        fireEvent.click(screen.getByRole('button', { name: texts.submit }));

        const step = await screen.findByRole('region', { name: texts.region });
        expect(within(step).getByTestId('return-price')).toHaveTextContent(texts.price);
        expect(screen.queryByTestId('return-ready')).not.toBeInTheDocument();
        fireEvent.click(within(step).getByRole('button', { name: texts.pay }));
        await waitFor(() =>
          expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(
            `POST /api/public/returns/${KEY}/payments`,
          ),
        );
      },
    );

    it.each(['en', 'lv'] as const)('after a declined payment offers to pay again, no label (%s)', async (locale) => {
      const texts = TEXTS[locale];
      open({ [`GET /api/public/returns/${KEY}`]: awaiting }, locale, `/returns/${KEY}/failed`);
      const step = await screen.findByRole('region', { name: texts.region });
      expect(within(step).getByRole('alert')).toHaveTextContent(texts.failed);
      expect(within(step).getByRole('button', { name: texts.pay })).toBeInTheDocument();
      expect(screen.queryByTestId('return-number')).not.toBeInTheDocument();
    });

    it.each(['en', 'lv'] as const)('once paid, gives the label (%s)', async (locale) => {
      const texts = TEXTS[locale];
      open(
        { [`GET /api/public/returns/${KEY}`]: { ...redeemed, payer: 'customer' } },
        locale,
        `/returns/${KEY}/success`,
      );
      const ready = await screen.findByRole('region', { name: texts.ready });
      expect(within(ready).getByTestId('return-number')).toHaveTextContent('CA000000017LV');
      expect(ready).toHaveTextContent(texts.paid);
    });
  });
});

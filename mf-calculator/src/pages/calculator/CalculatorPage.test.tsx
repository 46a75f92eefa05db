import type { PriceByCountryAnswer, PricedWorkFlow } from '@portal/shared-contracts/pricing';
import { fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { catalogues, NAMESPACE } from '../../i18n';
import CalculatorPage from './CalculatorPage';

const country = (code: string, name: string, nameLv: string) => ({
  code,
  name,
  nameLv,
  countryAliasNames: [],
  phonePrefix: null,
  groups: [],
  active: true,
  type: null,
});
const COUNTRIES = {
  'hydra:member': [country('LV', 'Latvia', 'Latvija'), country('LT', 'Lithuania', 'Lietuva')],
  'hydra:totalItems': 2,
};

const workflow = (id: number, change: Partial<PricedWorkFlow>): PricedWorkFlow => ({
  '@id': `/api/work_flows/${id}`,
  id,
  label: `Product ${id}`,
  countryCode: 'LT',
  shipmentType: 'parcel',
  shipmentSubType: 'standard',
  shipmentSizeType: null,
  transferType: 'parcelMachine',
  receivingType: 'parcelMachine',
  deliveryDays: null,
  maxWeight: 30_000,
  sizeLimit: { description: 'Up to 38 × 38 × 58 cm', length: 580, width: 380, height: 380 },
  price: null,
  priceOnRequest: true,
  message: 'No price found.',
  ...change,
});

const ANSWER: PriceByCountryAnswer = {
  workFlows: [
    workflow(7, { label: 'Parcel locker XS, Lithuania', shipmentSizeType: 'xs' }),
    workflow(5, {
      label: 'Parcel, post office to post office, Latvia',
      countryCode: 'LV',
      transferType: 'postOffice',
      receivingType: 'postOffice',
      deliveryDays: 1,
      maxWeight: 20_000,
      sizeLimit: { description: 'Length + girth', length: 1050, width: null, height: null },
      price: { amount: 826, amountWithoutVat: 826, vat: 0, currency: 'EUR', components: [] },
      priceOnRequest: false,
      message: null,
    }),
  ],
  unpriced: [],
  discountCodeIsValid: null,
};

function renderPage(route: string, prices: unknown = ANSWER) {
  const { api, calls } = fakeApi({
    'GET /api/countries': COUNTRIES,
    'POST /api/prices/by_country': prices,
    'POST /api/prices/by_country/export': () => new Blob(['%PDF-'], { type: 'application/pdf' }),
  });
  const view = renderRemote(<CalculatorPage />, {
    namespace: NAMESPACE,
    catalogues,
    api,
    route,
    path: '/tariff-calculator',
  });
  return { ...view, calls };
}

/** The chosen countries show as pills once the country list has loaded. */
const countryPill = (name: string) =>
  waitFor(() => expect(document.querySelector('.mantine-Pill-label')).toHaveTextContent(name));

const calculate = () => fireEvent.click(screen.getByRole('button', { name: 'Calculate' }));

describe('CalculatorPage', () => {
  it('prices the shipment from the link, shows the products and hands "order this" to the order flow', async () => {
    const { calls, events } = renderPage('/tariff-calculator?country=LT&country=LV&weight=2000');
    const prefill = jest.fn();
    events.on('order:prefill', prefill);
    expect(screen.getByRole('textbox', { name: /Weight, kg/ })).toHaveValue('2');
    await countryPill('Lithuania');
    calculate();

    const table = await screen.findByTestId('price-table');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/prices/by_country',
      body: { shipmentType: 'parcel', countryCodes: ['LT', 'LV'], weight: 2000 },
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Parcel locker XS, Lithuania');
    expect(rows[0]).toHaveTextContent('Price on request');
    expect(rows[0]).toHaveTextContent('Up to 58 × 38 × 38 cm');
    // Without a tariff there is nothing to order (the order flow refuses it too).
    expect(within(rows[0]!).getByRole('button', { name: /^Order this/ })).toBeDisabled();
    expect(rows[1]).toHaveTextContent('8,26 €');
    expect(rows[1]).toHaveTextContent('1 working day');
    expect(rows[1]).not.toHaveTextContent('indicative price');
    expect(within(rows[0]!).getByTestId('delivery-time')).toHaveTextContent(
      'Delivery time abroad: not published by Latvijas Pasts',
    );
    expect(rows[1]).toHaveTextContent('Longest side up to 105 cm');
    expect(rows[1]).toHaveTextContent('20 kg');

    fireEvent.click(
      within(rows[1]!).getByRole('button', { name: 'Order this: Parcel, post office to post office, Latvia, Latvia' }),
    );
    expect(prefill).toHaveBeenCalledWith({ shipmentType: 'parcel', countryCode: 'LV', weight: 2000, workflowId: '5' });
    expect(screen.getByTestId('path')).toHaveTextContent('/orders/parcel?country=LV&weight=2000&workFlow=5');
  });

  it('says plainly which prices are indicative, which size classes are not stated, and what cannot be ordered', async () => {
    const indicative = { amount: 391, amountWithoutVat: 391, vat: 0, currency: 'EUR' as const, components: [] };
    const lockerLimit = { description: 'Size class XS', length: 580, width: 380, height: 380, notStated: true };
    const answer: PriceByCountryAnswer = {
      workFlows: [
        workflow(7, {
          label: 'Parcel locker XS, Lithuania',
          shipmentSizeType: 'xs',
          sizeLimit: lockerLimit,
          price: { ...indicative, indicative: true },
          priceOnRequest: false,
          orderable: true,
          message: null,
        }),
        workflow(8, {
          label: 'Parcel locker S, Lithuania',
          shipmentSizeType: 's',
          sizeLimit: lockerLimit,
          price: { ...indicative, amount: 430, indicative: true },
          priceOnRequest: false,
          // INDICATIVE_PRICES=refuse on this installation.
          orderable: false,
          message: null,
        }),
      ],
      unpriced: [],
      discountCodeIsValid: null,
    };
    renderPage('/tariff-calculator?country=LT&weight=2000', answer);
    await countryPill('Lithuania');
    calculate();
    const rows = within(await screen.findByTestId('price-table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('3,91 €indicative price');
    // Issue 40 item 5: the class by name and pictogram, honest that its own sides are not published.
    expect(within(rows[0]!).getByTestId('size-limit')).toHaveTextContent(
      'Locker size XS: sides per size not published; the locker takes up to 58 × 38 × 38 cm',
    );
    expect(within(rows[0]!).getByTestId('locker-pictogram-xs')).toHaveAttribute('aria-hidden', 'true');
    expect(within(rows[1]!).getByTestId('locker-pictogram-s')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: /^Order this/ })).toBeEnabled();
    expect(rows[1]).toHaveTextContent('Cannot be ordered until the official tariff is set');
    expect(within(rows[1]!).getByRole('button', { name: /^Order this/ })).toBeDisabled();
    expect(screen.getByTestId('indicative-note')).toHaveTextContent('derived from published figures');
  });

  it('asks for the missing fields without calling the API', async () => {
    const { calls } = renderPage('/tariff-calculator');
    calculate();
    expect(await screen.findByText('Choose at least one country.')).toBeInTheDocument();
    expect(screen.getByText('Enter the weight.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the server’s violations beside the fields they name', async () => {
    renderPage('/tariff-calculator?country=LT&weight=2000', () => {
      throw violationsError([
        { propertyPath: 'countryCodes[0]', message: 'Unknown country.', code: 'UNKNOWN_COUNTRY' },
      ]);
    });
    await countryPill('Lithuania');
    calculate();
    expect(await screen.findByText('Unknown country.')).toBeInTheDocument();
  });

  it('downloads the result as a file named by the date', async () => {
    const createObjectURL = jest.fn(() => 'blob:prices');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toMatch(/^prices-\d{4}-\d{2}-\d{2}\.pdf$/);
      expect(this.href).toBe('blob:prices');
    });
    const { calls } = renderPage('/tariff-calculator?country=LT&weight=2000');
    await countryPill('Lithuania');
    calculate();
    await screen.findByTestId('price-table');
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/prices/by_country/export',
      query: { format: 'pdf' },
      body: { countryCodes: ['LT'], weight: 2000 },
    });
    click.mockRestore();
  });
});

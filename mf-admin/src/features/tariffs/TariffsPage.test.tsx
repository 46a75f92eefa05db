import type { WorkflowTariffsView } from '@portal/shared-contracts/pricing';
import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { catalogues, NAMESPACE } from '../../i18n';
import { TariffsPage } from './TariffsPage';

const row = (change: Partial<WorkflowTariffsView['weightCosts'][number]>) => ({
  maxWeight: 20,
  insured: false,
  priceCents: 235,
  origin: 'official' as const,
  validFrom: '2026-01-01',
  replacedFrom: null,
  inForce: true,
  withdrawn: false,
  source: 'https://www.la.lv/…',
  note: null,
  ...change,
});

const LETTERS: WorkflowTariffsView = {
  '@id': '/api/admin/tariffs/1',
  id: 1,
  seedKey: 'letter-lv-economy',
  label: 'Plain letter, Latvia',
  isActive: true,
  countryCode: 'LV',
  zone: 'LV',
  indicativeInForce: 1,
  weightCosts: [
    row({ validFrom: '2025-01-01', priceCents: 230, replacedFrom: '2026-01-01', inForce: false }),
    row({}),
    row({ maxWeight: 50, priceCents: 253, origin: 'indicative', validFrom: '2025-01-01', source: 'indicative' }),
  ],
  serviceOptions: [],
};
const PARCEL: WorkflowTariffsView = {
  ...LETTERS,
  '@id': '/api/admin/tariffs/5',
  id: 5,
  seedKey: 'parcel-lv-post-office-registered',
  label: 'Parcel, post office to post office, Latvia',
  indicativeInForce: 1,
  weightCosts: [row({ maxWeight: 1000, priceCents: 701 })],
  serviceOptions: [
    {
      name: 'insurance',
      priceCents: null,
      ratio: 200,
      ratioOf: 'insuredAmount',
      minCents: null,
      vatRate: 2100,
      origin: 'official',
      source: 'https://www.ogrenet.lv/…',
    },
    {
      name: 'cashOnDelivery',
      priceCents: null,
      ratio: 120,
      ratioOf: 'cashOnDeliveryAmount',
      minCents: 140,
      vatRate: 0,
      origin: 'indicative',
      source: 'indicative',
    },
  ],
};

const collection = (members: WorkflowTariffsView[]) => ({
  'hydra:member': members,
  'hydra:totalItems': members.length,
});

function renderPage(locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi({
    'GET /api/admin/tariffs': (_body: unknown, request: { query?: Record<string, unknown> }) =>
      request.query?.indicative === 'true' ? collection([PARCEL]) : collection([LETTERS, PARCEL]),
  });
  renderRemote(<TariffsPage />, { namespace: NAMESPACE, catalogues, api, locale, route: '/admin/tariffs' });
  return { calls };
}

describe('TariffsPage', () => {
  it('shows each product’s rows in force and what each figure rests on', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Tariffs' })).toBeInTheDocument();
    const letters = await screen.findByRole('region', { name: 'Plain letter, Latvia' });
    expect(letters).toHaveTextContent('1 indicative figure in force');
    // Prices are changed on the product's page (a new dated tariff).
    expect(within(letters).getByRole('link', { name: 'Change the prices of Plain letter, Latvia' })).toHaveAttribute(
      'href',
      '/admin/work_flows/show/1',
    );
    const rows = within(letters).getAllByRole('row').slice(1);
    expect(rows.map((tableRow) => tableRow.textContent)).toEqual([
      '20 g2,35 €Published01.01.2026until replaced',
      '50 g2,53 €Indicative01.01.2025until replaced',
    ]);
    const parcel = screen.getByRole('region', { name: 'Parcel, post office to post office, Latvia' });
    expect(within(parcel).getByRole('table', { name: 'Additional services' })).toHaveTextContent(
      'cashOnDelivery1,2 % of the cash-on-delivery amount, at least 1,40 €Indicative',
    );
    expect(parcel).toHaveTextContent('2 % of the insured amount, plus 21 % VAT');
  });

  it('shows the history on request and narrows to the products still indicative', async () => {
    const { calls } = renderPage();
    const letters = await screen.findByRole('region', { name: 'Plain letter, Latvia' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show earlier and later rows' }));
    expect(within(letters).getAllByRole('row')).toHaveLength(4);
    expect(letters).toHaveTextContent('replaced from 01.01.2026');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Only products still priced on indicative figures' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Plain letter, Latvia' })).toBeNull());
    expect(calls.at(-1)).toMatchObject({ path: '/api/admin/tariffs', query: { indicative: 'true' } });
  });

  it('speaks Latvian', async () => {
    renderPage('lv');
    const letters = await screen.findByRole('region', { name: 'Plain letter, Latvia' });
    expect(screen.getByRole('heading', { level: 1, name: 'Tarifi' })).toBeInTheDocument();
    expect(letters).toHaveTextContent('1 spēkā esošs orientējošs skaitlis');
    expect(letters).toHaveTextContent('Orientējošs');
    expect(letters).toHaveTextContent('līdz aizstāšanai');
  });
});

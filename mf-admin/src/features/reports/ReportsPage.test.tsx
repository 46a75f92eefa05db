import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { catalogues, NAMESPACE } from '../../i18n';
import type { ReportChartProps } from './ReportChart';
import ReportsPage from './ReportsPage';

// The chart is recharts (tested by its authors; jsdom has no layout to draw it in): the stand-in
// shows what the page hands it.
jest.mock('./ReportChart', () => ({
  __esModule: true,
  default: ({ groupBy, rows }: ReportChartProps) => (
    <output data-testid="chart">{`${groupBy}: ${rows.map((row) => `${row.label}=${row.shipments}/${row.revenueCents}`).join(', ')}`}</output>
  ),
}));

const byDay = {
  groupBy: 'day',
  dateFrom: '2026-11-01',
  dateTill: '2026-11-02',
  rows: [
    { key: '2026-11-01', label: '2026-11-01', shipments: 3, orders: 2, revenueCents: 1250 },
    { key: '2026-11-02', label: '2026-11-02', shipments: 0, orders: 0, revenueCents: 0 },
  ],
  totals: { shipments: 3, orders: 2, revenueCents: 1250 },
};
const byStatus = {
  ...byDay,
  groupBy: 'status',
  rows: [{ key: 'paid', label: 'paid', shipments: 2, orders: 2, revenueCents: 1250 }],
};

describe('ReportsPage', () => {
  it('shows the figures as a chart and a table, regrouped on the server', async () => {
    const { api, calls } = fakeApi({
      'GET /api/admin/reports/orders': (_body: unknown, options: { query?: { groupBy?: string } }) =>
        options.query?.groupBy === 'status' ? byStatus : byDay,
    });
    renderRemote(<ReportsPage />, { namespace: NAMESPACE, catalogues, api, route: '/admin/reports' });
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByTestId('chart')).toHaveTextContent('day: 2026-11-01=3/1250, 2026-11-02=0/0');
    const rows = screen.getAllByTestId('report-row');
    expect(rows[0]).toHaveTextContent('01.11.2026');
    expect(rows[0]).toHaveTextContent('12,50 €');
    expect(screen.getByTestId('report-totals')).toHaveTextContent(
      '01.11.2026–02.11.2026: 3 shipments in 2 orders, revenue 12,50 €',
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Status' }));
    await waitFor(() => expect(screen.getByTestId('chart')).toHaveTextContent('status: Paid=2/1250'));
    expect(within(screen.getByTestId('report-table')).getByText('Paid')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ path: '/api/admin/reports/orders', query: { groupBy: 'status' } });
  });

  it('checks the period beside the fields and sends only a valid one', async () => {
    const { api, calls } = fakeApi({ 'GET /api/admin/reports/orders': byDay });
    renderRemote(<ReportsPage />, { namespace: NAMESPACE, catalogues, api, route: '/admin/reports' });
    await screen.findByTestId('chart');
    fireEvent.change(screen.getByLabelText('From', { exact: false }), { target: { value: '01.01.2024' } });
    fireEvent.change(screen.getByLabelText('Until', { exact: false }), { target: { value: '31.12.2025' } });
    expect(await screen.findByText('The period must not be longer than 366 days.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Until', { exact: false }), { target: { value: '31.01.2024' } });
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ query: { dateFrom: '2024-01-01', dateTill: '2024-01-31', groupBy: 'day' } }),
    );
    expect(calls.some((call) => (call.query as Record<string, unknown>).dateTill === '2025-12-31')).toBe(false);
  });

  it('downloads the XLSX with headings in the page language', async () => {
    const { api, calls } = fakeApi({
      'GET /api/admin/reports/orders': byDay,
      'GET /api/admin/reports/orders.xlsx': () => new Blob(['xlsx']),
    });
    const created = jest.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    // jsdom cannot follow a download link: the click is what the page owes the browser.
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderRemote(<ReportsPage />, { namespace: NAMESPACE, catalogues, api, locale: 'lv', route: '/admin/reports' });
    fireEvent.click(await screen.findByRole('button', { name: 'Lejupielādēt XLSX' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(created).toHaveBeenCalledWith(expect.any(Blob));
    clicked.mockRestore();
    expect(calls.at(-1)).toMatchObject({
      path: '/api/admin/reports/orders.xlsx',
      query: { lang: 'lv', groupBy: 'day' },
    });
  });
});

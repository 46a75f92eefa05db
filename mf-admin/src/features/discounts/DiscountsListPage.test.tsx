import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import DiscountsListPage from './DiscountsListPage';

const row = (id: number, code: string, overrides: Record<string, unknown> = {}) => ({
  '@id': `/api/admin/discounts/${id}`,
  id,
  code,
  kind: 'code',
  type: 'percentage',
  value: 1000,
  frequency: 'each',
  frequencyIndex: null,
  status: 'active',
  usageCount: 2,
  maxCount: null,
  leftCount: null,
  validFrom: '2026-12-01',
  validTill: '2026-12-31',
  userType: 'all',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

jest.setTimeout(20_000);

describe('DiscountsListPage', () => {
  it('lists the discounts with breadcrumbs, sorts and filters on the server, and exports the same selection', async () => {
    const { api, calls } = fakeApi({
      'GET /api/admin/discounts': {
        'hydra:member': [
          row(1, 'SPRING-10'),
          row(2, 'LOYAL-3', { kind: 'loyalty', type: 'fixedPrice', value: 250, maxCount: 5, leftCount: 3 }),
        ],
        'hydra:totalItems': 2,
      },
      'GET /api/admin/discounts/export': new Blob(['xlsx']),
    });
    URL.createObjectURL = jest.fn(() => 'blob:discounts');
    URL.revokeObjectURL = jest.fn();
    // jsdom cannot follow a download link; the click itself is what the page must do.
    const download = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderRemote(<DiscountsListPage />, { namespace: NAMESPACE, catalogues, api, route: '/admin/discounts' });
    const table = await screen.findByTestId('discounts-table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('SPRING-10');
    expect(rows[1]).toHaveTextContent('10,00 %');
    expect(rows[1]).toHaveTextContent('01.12.2026 – 31.12.2026');
    expect(rows[2]).toHaveTextContent('Loyalty discount');
    expect(rows[2]).toHaveTextContent('2,50 €');
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveTextContent('Administration');
    expect(within(table).getByRole('link', { name: 'SPRING-10' })).toHaveAttribute('href', '/admin/discounts/edit/1');

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Sort by Code' }));
    await waitFor(() =>
      expect(calls.at(-1)?.query).toMatchObject({ sort: 'code', direction: 'asc', page: 1, itemsPerPage: 20 }),
    );
    await user.click(screen.getByRole('radio', { name: 'Inactive' }));
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ status: 'inactive', sort: 'code' }));

    await user.click(screen.getByRole('button', { name: 'Export to XLSX' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/admin/discounts/export'));
    expect(calls.at(-1)?.query).toEqual({
      code: undefined,
      status: 'inactive',
      kind: undefined,
      sort: 'code',
      direction: 'asc',
    });
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.contexts[0]).toHaveAttribute('download', 'discounts.xlsx');
  });
});

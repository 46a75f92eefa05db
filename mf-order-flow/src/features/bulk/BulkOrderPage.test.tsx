import type { PlatformSession } from '@portal/shared-contracts';
import { BULK_COLUMNS, type BulkReport, type BulkRow, bulkRowToLine } from '@portal/shared-contracts/orders';
import { renderRemote } from '@portal/shared-contracts/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { catalogues, NAMESPACE } from '../../i18n';
import { anonymousSession, fakeApi } from '../../test/render';
import { BulkOrderPage } from './BulkOrderPage';

const signedIn: PlatformSession = { ...anonymousSession, status: 'authenticated' as const };

function cells(extra: Partial<BulkRow>): BulkRow {
  const blank = Object.fromEntries(BULK_COLUMNS.map(({ field }) => [field, ''])) as BulkRow;
  return {
    ...blank,
    product: '7',
    weight: '1000',
    receiverName: 'Anna',
    countryCode: 'LV',
    postCode: 'LV-4101',
    ...extra,
  };
}

const good = { row: 2, line: bulkRowToLine(cells({})).line, priceCents: 450, problems: [] };
const bad = {
  row: 3,
  line: bulkRowToLine(cells({ postCode: '4101' })).line,
  priceCents: null,
  problems: [
    {
      field: 'postCode' as const,
      propertyPath: 'receiver.address.postCode',
      message: 'A Latvian post code has the form LV-1234.',
      code: 'INVALID_POST_CODE',
    },
  ],
};
const first: BulkReport = { totalRows: 2, incorrectRows: 1, rows: [good, bad], totalCents: 450 };
const fixed: BulkReport = {
  totalRows: 2,
  incorrectRows: 0,
  rows: [good, { ...bad, line: bulkRowToLine(cells({})).line, priceCents: 450, problems: [] }],
  totalCents: 900,
};

jest.setTimeout(20_000);

function renderPage(routes: Record<string, unknown>, locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi({
    'GET /api/contact_groups': { 'hydra:member': [], 'hydra:totalItems': 0 },
    ...routes,
  });
  renderRemote(<BulkOrderPage />, { namespace: NAMESPACE, catalogues, api, session: signedIn, locale });
  return calls;
}

async function uploadFile() {
  const input = screen.getByTestId('bulk-upload') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['xlsx'], 'shipments.xlsx')] } });
}

test('an upload shows "1 row incorrect of 2"; the bad cell is fixed in place and checked again; then the order is paid', async () => {
  const calls = renderPage({
    'POST /api/orders/bulk': first,
    'POST /api/orders/bulk/check': fixed,
    'POST /api/orders': { '@id': '/api/orders/k1', key: 'k1' },
    'POST /api/orders/k1/payments': { redirectUrl: '/api/payment-sandbox/p1' },
  });
  await uploadFile();
  expect(await screen.findByText('1 row incorrect of 2')).toBeInTheDocument();
  const row = screen.getByTestId('bulk-row-3');
  const postCode = within(row).getByLabelText('Receiver post code');
  expect(postCode).toHaveValue('4101');
  expect(within(row).getByText('A Latvian post code has the form LV-1234.')).toBeInTheDocument();
  // Only one good row: the order cannot be paid before the terms are accepted.
  expect(screen.getByTestId('bulk-pay')).toBeDisabled();

  fireEvent.change(postCode, { target: { value: 'LV-4101' } });
  fireEvent.click(screen.getByTestId('bulk-check-again'));
  expect(await screen.findByText('0 rows incorrect of 2')).toBeInTheDocument();
  const check = calls.find((call) => call.path === '/api/orders/bulk/check');
  expect(check?.body).toMatchObject({ rows: [{ row: 2 }, { row: 3, values: { postCode: 'LV-4101' } }] });

  fireEvent.click(screen.getByTestId('bulk-terms'));
  fireEvent.click(screen.getByTestId('bulk-privacy'));
  fireEvent.click(screen.getByTestId('bulk-pay'));
  // The payment starts for the order just made (jsdom does not follow the redirect to the sandbox).
  await waitFor(() => expect(calls.some((call) => call.path === '/api/orders/k1/payments')).toBe(true));
  const order = calls.find((call) => call.method === 'POST' && call.path === '/api/orders');
  expect(order?.body).toMatchObject({
    termsAccepted: true,
    privacyAccepted: true,
    eNotification: 'agree',
    orderLines: [expect.anything(), expect.anything()],
  });
});

test('in Latvian: the report and the bad row', async () => {
  renderPage({ 'POST /api/orders/bulk': first }, 'lv');
  await uploadFile();
  expect(await screen.findByText('1 rinda nepareiza no 2')).toBeInTheDocument();
  // The drop zone in Latvian: its limits and the chosen file with its size.
  expect(screen.getByTestId('dropzone')).toHaveTextContent('Derīgi: .xlsx; līdz 30 MB.');
  expect(screen.getByTestId('chosen-file')).toHaveTextContent('shipments.xlsx (1 KB)Noņemt');
  expect(within(screen.getByTestId('bulk-row-3')).getByLabelText('Saņēmēja pasta indekss')).toHaveValue('4101');
});

test('a file of another type or over 30 MB is refused beside the field and not sent', async () => {
  const calls = renderPage({});
  const input = screen.getByTestId('bulk-upload');
  fireEvent.change(input, { target: { files: [new File(['a;b'], 'shipments.csv', { type: 'text/csv' })] } });
  expect(await screen.findByTestId('dropzone-refused')).toHaveTextContent(
    'shipments.csv: this type of file is not accepted',
  );
  const huge = new File([new Uint8Array(31 * 1024 * 1024)], 'huge.xlsx');
  fireEvent.change(input, { target: { files: [huge] } });
  expect(await screen.findByText('huge.xlsx: larger than 30 MB')).toBeInTheDocument();
  expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  expect(screen.queryByTestId('chosen-file')).toBeNull();
});

test('a file the API refuses shows its message', async () => {
  renderPage({});
  await uploadFile();
  expect(await screen.findByTestId('bulk-failed')).toHaveTextContent('Not found');
});

// The contact group's template (the wizard's fields): GroupShipments.test.tsx.

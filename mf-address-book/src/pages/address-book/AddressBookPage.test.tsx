import type { PlatformSession } from '@portal/shared-contracts';
import type { ContactResource } from '@portal/shared-contracts/address-book';
import { anonymousSession, fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import { AddressBookPage } from './AddressBookPage';

const signedIn: PlatformSession = {
  ...anonymousSession(),
  status: 'authenticated' as const,
  activeAccount: { id: 4 } as never,
};

const COUNTRIES = [
  {
    '@id': '/api/countries/LV',
    code: 'LV',
    name: 'Latvia',
    nameLv: 'Latvija',
    countryAliasNames: [],
    phonePrefix: '371',
    groups: [],
    active: true,
    type: 6,
  },
  {
    '@id': '/api/countries/US',
    code: 'US',
    name: 'United States',
    nameLv: 'Amerikas Savienotās Valstis',
    countryAliasNames: [],
    phonePrefix: '1',
    groups: [],
    active: true,
    type: null,
  },
];

function contact(id: number, name: string): ContactResource {
  return {
    '@id': `/api/contacts/${id}`,
    '@type': 'Contact',
    id,
    name,
    companyName: null,
    email: null,
    countryCode: 'LV',
    phonePrefix: '371',
    phone: '29123456',
    addressLine: 'Brīvības iela 1',
    city: 'Rīga',
    region: null,
    postCode: 'LV-1010',
    addressId: null,
    groups: [{ id: 7, name: 'Customers' }],
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
  };
}

// Typing letter by letter is slow in jsdom; a change event is what a form field reacts to.
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

const collection = <T,>(members: T[], total = members.length) => ({
  'hydra:member': members,
  'hydra:totalItems': total,
});

function renderPage(routes: Record<string, unknown>, locale: 'en' | 'lv' = 'en', session: PlatformSession = signedIn) {
  const { api, calls } = fakeApi({
    'GET /api/countries': collection(COUNTRIES),
    'GET /api/contact_groups': collection([
      { '@id': '/api/contact_groups/7', '@type': 'ContactGroup', id: 7, name: 'Customers', contactCount: 1 },
    ]),
    ...routes,
  });
  const view = renderRemote(<AddressBookPage />, { namespace: NAMESPACE, catalogues, api, locale, session });
  return { ...view, calls };
}

// Dialogs load lazily and Mantine's are heavy in jsdom: a busy machine needs more than the 5 s default.
jest.setTimeout(20_000);

describe('address book page', () => {
  it('asks visitors to sign in', async () => {
    renderPage({}, 'en', anonymousSession());
    expect(await screen.findByTestId('address-book-sign-in')).toHaveTextContent('Sign in to use your address book');
  });

  it("lists the active account's contacts, five a page, and searches on the server", async () => {
    const { calls } = renderPage({
      'GET /api/contacts': (_body: unknown, { query }: { query?: Record<string, unknown> }) =>
        query?.search ? collection([]) : collection([contact(1, 'Ēriks Bērziņš'), contact(2, 'Anna Liepa')], 12),
    });
    const table = await screen.findByTestId('contacts-table');
    expect(table).toHaveTextContent('Ēriks Bērziņš');
    expect(table).toHaveTextContent('+371 29123456');
    expect(table).toHaveTextContent('Customers');
    expect(await screen.findByRole('button', { name: '3' })).toBeInTheDocument();
    const first = calls.find((call) => call.path === '/api/contacts');
    expect(first?.query).toEqual({ page: 1, itemsPerPage: 5 });
    expect(first?.headers).toEqual({ 'x-account-id': '4' });
    await userEvent.type(screen.getByTestId('contacts-search'), 'zzz');
    expect(await screen.findByTestId('contacts-empty')).toHaveTextContent('Nothing was found');
    expect(calls.at(-1)?.query).toEqual({ page: 1, itemsPerPage: 5, search: 'zzz' });
  });

  it('says there are no contacts and no groups, in Latvian', async () => {
    renderPage({ 'GET /api/contacts': collection([]), 'GET /api/contact_groups': collection([]) }, 'lv');
    expect(await screen.findByTestId('contacts-empty')).toHaveTextContent('Nav kontaktu');
    await userEvent.click(screen.getByRole('tab', { name: 'Grupas' }));
    expect(await screen.findByTestId('groups-empty')).toHaveTextContent('Nav grupu');
  });

  it('checks the shared rules before sending, then shows the API violations beside the fields', async () => {
    const posted: unknown[] = [];
    renderPage({
      'GET /api/contacts': collection([]),
      'POST /api/contacts': (body: unknown) => {
        posted.push(body);
        throw violationsError([
          {
            propertyPath: 'name',
            message: 'A contact with this name, address and phone is already in the address book.',
          },
        ]);
      },
    });
    await userEvent.click(await screen.findByTestId('contact-new'));
    const form = await screen.findByTestId('contact-form');
    fill(within(form).getByLabelText(/Name and surname/), 'R2D2');
    fill(within(form).getByLabelText('Post code'), '1010');
    await userEvent.click(within(form).getByTestId('contact-save'));
    expect(
      await within(form).findByText('Names may contain only Latin letters, dash, dot and apostrophe.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('A Latvian post code has the form LV-1234.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    fill(within(form).getByLabelText(/Name and surname/), 'Ēriks Bērziņš');
    fill(within(form).getByLabelText('Post code'), 'LV-1010');
    await userEvent.click(within(form).getByTestId('contact-save'));
    expect(
      await within(form).findByText('A contact with this name, address and phone is already in the address book.'),
    ).toBeInTheDocument();
    expect(posted).toEqual([
      expect.objectContaining({
        name: 'Ēriks Bērziņš',
        postCode: 'LV-1010',
        countryCode: 'LV',
        phone: null,
        groupIds: [],
      }),
    ]);
  });

  it('edits a contact and deletes one after confirmation', async () => {
    const { calls, notify } = renderPage({
      'GET /api/contacts': collection([contact(1, 'Ēriks Bērziņš')]),
      'PUT /api/contacts/1': (body: object) => ({ ...contact(1, 'Ēriks Bērziņš'), ...body }),
      'DELETE /api/contacts/1': undefined,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Ēriks Bērziņš' }));
    const form = await screen.findByTestId('contact-form');
    expect(within(form).getByLabelText('City, parish or locality')).toHaveValue('Rīga');
    fill(within(form).getByLabelText('City, parish or locality'), 'Cēsis');
    await userEvent.click(within(form).getByTestId('contact-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual(
      expect.objectContaining({ city: 'Cēsis', groupIds: [7], phonePrefix: '371', phone: '29123456' }),
    );
    await waitFor(() => expect(screen.queryByTestId('contact-form')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Delete Ēriks Bērziņš' }));
    expect(await screen.findByText('Delete the contact Ēriks Bērziņš?')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(notify).toHaveBeenCalledWith('success', 'Action was successful');
  });

  it('deletes the selected contacts after confirmation, and says so when nothing was deleted', async () => {
    let left = 2;
    const { calls, notify } = renderPage({
      'GET /api/contacts': collection([
        contact(1, 'Ēriks Bērziņš'),
        contact(2, 'Anna Liepa'),
        contact(3, 'Ilze Ozola'),
      ]),
      'POST /api/contacts/bulk_delete': (body: { ids: number[] }) => {
        const deleted = Math.min(left, body.ids.length);
        left -= deleted;
        return { deleted };
      },
    });
    const table = await screen.findByTestId('contacts-table');
    const deleteSelected = screen.getByTestId('contacts-delete-selected');
    expect(deleteSelected).toBeDisabled();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Ēriks Bērziņš' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Anna Liepa' }));
    expect(screen.getByTestId('contacts-selected')).toHaveTextContent('2 selected');
    expect(within(table).getByTestId('select-page')).not.toBeChecked();

    await userEvent.click(deleteSelected);
    expect(await screen.findByText('Delete 2 selected contacts?')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/contacts/bulk_delete')).toBe(false);
    await userEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Action was successful'));
    expect(calls.find((call) => call.path === '/api/contacts/bulk_delete')).toEqual(
      expect.objectContaining({ body: { ids: [1, 2] }, headers: { 'x-account-id': '4' } }),
    );
    expect(screen.queryByTestId('contacts-selected')).not.toBeInTheDocument();

    // The whole page at once; a colleague sharing the book had deleted them all meanwhile.
    await userEvent.click(within(table).getByTestId('select-page'));
    expect(screen.getByTestId('contacts-selected')).toHaveTextContent('3 selected');
    await userEvent.click(deleteSelected);
    await userEvent.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Nothing was deleted'));
    expect(calls.filter((call) => call.path === '/api/contacts/bulk_delete').at(-1)?.body).toEqual({ ids: [1, 2, 3] });
  });

  it('filters by country and sorts by a column on the server', async () => {
    const { calls } = renderPage({
      'GET /api/contacts': collection([contact(1, 'Ēriks Bērziņš'), contact(2, 'Anna Liepa')]),
    });
    const table = await screen.findByTestId('contacts-table');
    const nameHeader = within(table).getByRole('columnheader', { name: /Name and surname/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(table).getByTestId('sort-name'));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ page: 1, itemsPerPage: 5, 'order[name]': 'desc' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(table).getByTestId('sort-city'));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ page: 1, itemsPerPage: 5, 'order[city]': 'asc' }));
    expect(within(table).getByRole('columnheader', { name: /City/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');

    const country = await screen.findByTestId('contacts-country');
    expect(country).toHaveAccessibleName('Country');
    await userEvent.click(country);
    // Mantine's dropdown is still in its opening transition in jsdom: its options count as hidden.
    await userEvent.click(await screen.findByRole('option', { name: 'Latvia', hidden: true }));
    await waitFor(() =>
      expect(calls.at(-1)?.query).toEqual({ page: 1, itemsPerPage: 5, countryCode: 'LV', 'order[city]': 'asc' }),
    );
  });

  it('renames a group in its row, and refuses a name already taken beside the field', async () => {
    let taken = true;
    const { calls } = renderPage({
      'GET /api/contacts': collection([]),
      'PUT /api/contact_groups/7': (body: { name: string }) => {
        if (taken) {
          taken = false;
          throw violationsError([{ propertyPath: 'name', message: 'A group with this name already exists.' }]);
        }
        return { id: 7, name: body.name, contactCount: 1 };
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Groups' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Customers' }));
    const field = screen.getByRole('textbox', { name: 'New name of the group Customers' });
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, 'Suppliers{Enter}');
    expect(await screen.findByText('A group with this name already exists.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'Regular customers{Enter}');
    await waitFor(() => expect(screen.queryByTestId('group-rename')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { name: 'Suppliers' },
      { name: 'Regular customers' },
    ]);
  });

  it('creates a group and lists groups with their contact count', async () => {
    const { calls } = renderPage({
      'GET /api/contacts': collection([]),
      'POST /api/contact_groups': (body: { name: string }) => ({ id: 8, name: body.name, contactCount: 0 }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Groups' }));
    const table = await screen.findByTestId('groups-table');
    expect(within(table).getByRole('row', { name: /Customers 1/ })).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('group-name'), 'Suppliers');
    await userEvent.click(screen.getByTestId('group-add'));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Suppliers' }));
  });

  it('imports a file and shows "2 rows incorrect of 10" with each bad row', async () => {
    const { calls } = renderPage({
      'GET /api/contacts': collection([]),
      'POST /api/contacts/import': {
        totalRows: 10,
        incorrectRows: 2,
        imported: 8,
        errors: [
          {
            row: 5,
            column: 'Name and surname',
            message: 'Names may contain only Latin letters, dash, dot and apostrophe.',
            code: 'INVALID_NAME',
          },
          {
            row: 9,
            column: 'Post code',
            message: 'A Latvian post code has the form LV-1234.',
            code: 'INVALID_POST_CODE',
          },
        ],
      },
    });
    await userEvent.click(await screen.findByLabelText(/All or nothing/));
    const file = new File(['PK'], 'contacts.xlsx');
    fireEvent.change(await screen.findByLabelText('Import XLSX'), { target: { files: [file] } });
    const report = await screen.findByTestId('import-report');
    // The drop zone lists the file it sent, with its size.
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('contacts.xlsx (1 KB)');
    expect(report).toHaveTextContent('2 rows incorrect of 10');
    expect(report).toHaveTextContent('8 contacts imported');
    expect(within(report).getByRole('row', { name: /9 Post code A Latvian post code/ })).toBeInTheDocument();
    const upload = calls.find((call) => call.path === '/api/contacts/import');
    expect(upload?.query).toEqual({ mode: 'all' });
    expect(upload?.body).toBeInstanceOf(Blob);
  });

  it('refuses a file that is no XLSX before sending it, and shows the API’s refusal beside the field', async () => {
    const { calls } = renderPage({
      'GET /api/contacts': collection([]),
      'POST /api/contacts/import': () => {
        throw violationsError([{ propertyPath: 'file', message: 'The file is not an XLSX workbook.' }]);
      },
    });
    const input = await screen.findByLabelText('Import XLSX');
    expect(screen.getByTestId('dropzone')).toHaveTextContent('Accepted: .xlsx; up to 30 MB.');
    fireEvent.change(input, { target: { files: [new File(['a;b'], 'contacts.csv', { type: 'text/csv' })] } });
    expect(await screen.findByTestId('dropzone-refused')).toHaveTextContent(
      'contacts.csv: this type of file is not accepted',
    );
    expect(calls.filter((call) => call.path === '/api/contacts/import')).toEqual([]);

    fireEvent.change(input, { target: { files: [new File(['PK'], 'contacts.xlsx')] } });
    expect(await screen.findByTestId('dropzone-error')).toHaveTextContent('Validation failed');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});

import { ApplicationError, type PlatformSession } from '@portal/shared-contracts';
import { type ContactResource, partyOfContact } from '@portal/shared-contracts/address-book';
import type { Party } from '@portal/shared-contracts/orders';
import { anonymousSession, fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ContactPicker from '../../exposes/ContactPicker';
import { catalogues, NAMESPACE } from '../../i18n';

// mf-address-book/ContactPicker as the order wizard mounts it (issue 12 item 4).

const signedIn: PlatformSession = {
  ...anonymousSession(),
  status: 'authenticated' as const,
  activeAccount: { id: 4 } as never,
};

const COUNTRIES = [
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
    companyName: 'Smith & Sons',
    email: 'john@example.com',
    countryCode: 'US',
    phonePrefix: '1',
    phone: '2125550123',
    addressLine: '1 Main Street',
    city: 'New York',
    region: 'NY',
    postCode: '10001',
    addressId: null,
    groups: [],
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
  };
}

const collection = <T,>(members: T[], total = members.length) => ({
  'hydra:member': members,
  'hydra:totalItems': total,
});

const typedReceiver: Party = {
  name: 'Mary Major',
  phonePrefix: '1',
  phone: '2125550199',
  company: false,
  address: { countryCode: 'US', addressLine: '5 Elm Street', city: 'Boston', postCode: '02101', region: 'MA' },
};

function renderPicker(
  routes: Record<string, unknown>,
  props: { party?: Party; locale?: 'en' | 'lv'; session?: PlatformSession } = {},
) {
  const onPick = jest.fn();
  const { api, calls } = fakeApi({ 'GET /api/countries': collection(COUNTRIES), ...routes });
  const view = renderRemote(
    <ContactPicker partyRole="receiver" countryCode="US" onPick={onPick} party={props.party} />,
    {
      namespace: NAMESPACE,
      catalogues,
      api,
      locale: props.locale ?? 'en',
      session: props.session ?? signedIn,
    },
  );
  return { ...view, calls, onPick };
}

// The dialog loads lazily and Mantine's is heavy in jsdom.
jest.setTimeout(20_000);

describe('the address book picker of the order wizard', () => {
  it('shows a visitor nothing', async () => {
    const { container } = renderPicker({}, { session: anonymousSession() });
    await waitFor(() => expect(container.querySelector('[role="status"]')).toBeNull());
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("lists the active account's contacts of the order's country and fills the party with the chosen one", async () => {
    const smith = contact(1, 'John Smith');
    const { calls, onPick } = renderPicker({
      'GET /api/contacts': (_body: unknown, { query }: { query?: Record<string, unknown> }) =>
        query?.search === 'zzz' ? collection([]) : collection([smith, contact(2, 'Mary Major')], 2),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose the receiver from the address book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose the receiver' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('contact-chooser-country')).toHaveTextContent('Contacts in United States'),
    );
    const items = await within(dialog).findAllByRole('listitem', {}, { timeout: 5000 });
    expect(items[0]).toHaveTextContent(
      'John SmithSmith & Sons1 Main Street, New York, NY, 10001, US+1 2125550123Choose',
    );
    const listed = calls.find((call) => call.path === '/api/contacts');
    expect(listed?.query).toEqual({ page: 1, itemsPerPage: 5, countryCode: 'US' });
    expect(listed?.headers).toEqual({ 'x-account-id': '4' });

    // The search has the focus; typing goes to the server once typing pauses.
    expect(within(dialog).getByLabelText('Search')).toHaveFocus();
    await userEvent.keyboard('zzz');
    expect(await within(dialog).findByTestId('contact-chooser-empty', {}, { timeout: 5000 })).toHaveTextContent(
      'Nothing was found',
    );
    expect(calls.at(-1)?.query).toEqual({ page: 1, itemsPerPage: 5, countryCode: 'US', search: 'zzz' });
    await userEvent.clear(within(dialog).getByLabelText('Search'));

    await userEvent.click(await within(dialog).findByRole('button', { name: 'Choose John Smith' }, { timeout: 5000 }));
    expect(onPick).toHaveBeenCalledWith(partyOfContact(smith));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('picked-contact-receiver')).toHaveTextContent(
      'Filled in from the address book: John Smith',
    );
  });

  it('asks to narrow a search that finds more than 50 contacts', async () => {
    renderPicker({ 'GET /api/contacts': collection([contact(1, 'John Smith')], 51) });
    await userEvent.click(await screen.findByTestId('choose-contact-receiver'));
    expect(await screen.findByTestId('contact-chooser-narrow', {}, { timeout: 5000 })).toHaveTextContent(
      '51 contacts match',
    );
  });

  it('saves the receiver as typed, after the shared rules, and reports a duplicate as the API does', async () => {
    const posted: unknown[] = [];
    let duplicate = false;
    const { notify } = renderPicker(
      {
        'POST /api/contacts': (body: { name: string }) => {
          posted.push(body);
          if (duplicate) {
            throw new ApplicationError('Conflict', {
              status: 409,
              violations: [
                {
                  propertyPath: 'name',
                  message: 'A contact with this name, address and phone is already in the address book.',
                  code: 'DUPLICATE_CONTACT',
                },
              ],
            });
          }
          return contact(3, body.name);
        },
      },
      { party: typedReceiver },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save the receiver to the address book' }));
    expect(await screen.findByTestId('saved-contact-receiver')).toHaveTextContent(
      'Mary Major was saved to the address book.',
    );
    expect(posted).toEqual([
      {
        name: 'Mary Major',
        companyName: null,
        email: null,
        countryCode: 'US',
        phonePrefix: '1',
        phone: '2125550199',
        addressLine: '5 Elm Street',
        city: 'Boston',
        region: 'MA',
        postCode: '02101',
        addressId: null,
      },
    ]);
    expect(notify).toHaveBeenCalledWith('success', 'Action was successful');

    duplicate = true;
    await userEvent.click(screen.getByTestId('save-contact-receiver'));
    const error = await screen.findByTestId('save-contact-error-receiver');
    expect(error).toHaveTextContent('The contact was not saved');
    expect(error).toHaveTextContent('A contact with this name, address and phone is already in the address book.');
  });

  it('checks the shared rules before sending, in Latvian', async () => {
    const { calls } = renderPicker(
      {},
      { party: { ...typedReceiver, name: 'R2D2', address: { ...typedReceiver.address, region: null } }, locale: 'lv' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Saglabāt saņēmēju adrešu grāmatā' }));
    const error = await screen.findByTestId('save-contact-error-receiver');
    expect(error).toHaveTextContent('Kontakts netika saglabāts');
    expect(
      within(error)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Vārds un uzvārds: /), expect.stringMatching(/^Novads vai štats: /)]);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.getByRole('button', { name: 'Izvēlēties saņēmēju no adrešu grāmatas' })).toBeInTheDocument();
  });
});

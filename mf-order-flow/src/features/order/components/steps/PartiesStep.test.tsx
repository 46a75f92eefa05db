import type { PlatformSession } from '@portal/shared-contracts';
import type { ContactPickerProps } from '@portal/shared-contracts/address-book';
import type { Party } from '@portal/shared-contracts/orders';
import type { RemoteComponent, RemoteComponentProps } from '@portal/shared-contracts/react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import App from '../../../../exposes/App';
import { anonymousSession, COUNTRIES, fakeApi, renderWithPlatform, signedInSession } from '../../../../test/render';
import { emptyDraft } from '../../model';
import { useOrderFlow } from '../../store';

// Step 2 and the address book (issue 12 item 4): the wizard mounts mf-address-book's picker
// through the shell for signed-in users only, and a picked contact fills the party's fields.

const signedIn = signedInSession({ id: 4, email: 'anna@example.com', contact: { phonePrefix: '371', phone: null } });

const workFlow = {
  '@id': '/api/work_flows/7',
  id: 7,
  label: 'Parcel, courier, United States',
  shipmentSubType: 'registered',
  shipmentSizeType: null,
  transferType: 'courier',
  receivingType: 'courier',
  deliveryDays: 6,
  maxWeight: 20_000,
};

const PICKED: Party = {
  name: 'John Smith',
  email: 'john@example.com',
  phonePrefix: '1',
  phone: '2125550123',
  company: true,
  companyName: 'Smith & Sons',
  address: {
    countryCode: 'US',
    addressLine: '1 Main Street',
    city: 'New York',
    postCode: '10001',
    region: 'NY',
    addressId: '101234567',
  },
};

const PICKED_SENDER: Party = {
  name: 'Anna Bērziņa',
  phonePrefix: '371',
  phone: '21234567',
  company: false,
  companyName: null,
  email: null,
  address: {
    countryCode: 'LV',
    addressLine: 'Brīvības iela 1',
    city: 'Rīga',
    postCode: 'LV-1010',
    region: null,
    addressId: '100000001',
  },
};

/** Stands in for the shell: shows what would be mounted and lets the test pick as the picker would. */
function fakeShell() {
  const mounted: RemoteComponentProps<ContactPickerProps>[] = [];
  const shell: RemoteComponent = (props) => {
    const { props: picker } = props as unknown as RemoteComponentProps<ContactPickerProps>;
    mounted.push(props as unknown as RemoteComponentProps<ContactPickerProps>);
    return (
      <button type="button" onClick={() => picker.onPick(picker.partyRole === 'sender' ? PICKED_SENDER : PICKED)}>
        {`book ${picker.partyRole}`}
      </button>
    );
  };
  return { shell, mounted };
}

function openStep2(session: PlatformSession, shell: RemoteComponent) {
  const { api, calls } = fakeApi({
    'GET /api/countries': { 'hydra:member': COUNTRIES, 'hydra:totalItems': COUNTRIES.length },
    'GET /api/shipment_steps': {
      'hydra:member': ['shipment', 'parties', 'summary'].map((name, index) => ({ step: index + 1, name, label: name })),
      'hydra:totalItems': 3,
    },
    'POST /api/orders/validate': { valid: true },
  });
  useOrderFlow.getState().load({
    path: '/orders/parcel',
    step: 2,
    saved: null,
    draft: { ...emptyDraft('parcel'), countryCode: 'US', weightText: '1.2', workFlow: workFlow as never },
  });
  renderWithPlatform(<App name="mf-order-flow" />, {
    api,
    path: '/*',
    route: '/orders/parcel',
    session,
    platform: { RemoteComponent: shell },
  });
  return { calls };
}

jest.setTimeout(30_000);
beforeEach(() => useOrderFlow.setState({ path: null }));

describe('step 2 and the address book', () => {
  it('offers a visitor no address book', async () => {
    const { shell, mounted } = fakeShell();
    openStep2(anonymousSession, shell);
    await screen.findByTestId('party-receiver', {}, { timeout: 5000 });
    expect(mounted).toHaveLength(0);
    expect(screen.queryByText(/^book /)).not.toBeInTheDocument();
  });

  it('mounts the picker for each party of a signed-in user, with the order’s country and the receiver as typed', async () => {
    const { shell, mounted } = fakeShell();
    openStep2(signedIn, shell);
    const receiver = await screen.findByTestId('party-receiver', {}, { timeout: 5000 });
    fireEvent.change(within(receiver).getByLabelText(/^Name and surname/), { target: { value: 'Mary Major' } });
    await waitFor(() => expect(mounted.at(-1)?.props.party).toEqual(expect.objectContaining({ name: 'Mary Major' })));
    const last = (role: string) => mounted.filter((entry) => entry.props.partyRole === role).at(-1);
    expect(last('sender')).toEqual(
      expect.objectContaining({ remote: 'mf-address-book', expose: './ContactPicker', fallback: null }),
    );
    expect(last('sender')?.props).toEqual(expect.objectContaining({ countryCode: 'LV', party: undefined }));
    expect(last('receiver')?.props).toEqual(
      expect.objectContaining({
        countryCode: 'US',
        party: expect.objectContaining({ address: expect.objectContaining({ countryCode: 'US' }) }),
      }),
    );
  });

  it('fills the party with the picked contact, keeps the order’s country, and forgets the address ID when the address changes', async () => {
    const { shell } = fakeShell();
    const { calls } = openStep2(signedIn, shell);
    const receiver = await screen.findByTestId('party-receiver', {}, { timeout: 5000 });
    fireEvent.click(within(receiver).getByText('book receiver'));

    expect(within(receiver).getByLabelText(/^Name and surname/)).toHaveValue('John Smith');
    expect(within(receiver).getByLabelText(/^Company name/)).toHaveValue('Smith & Sons');
    expect(within(receiver).getByLabelText(/^E-mail/)).toHaveValue('john@example.com');
    expect(within(receiver).getByLabelText('Phone prefix')).toHaveValue('1');
    expect(within(receiver).getByLabelText(/^Phone(?! prefix)/)).toHaveValue('2125550123');
    expect(within(receiver).getByLabelText(/^Address/)).toHaveValue('1 Main Street');
    expect(within(receiver).getByLabelText(/^City/)).toHaveValue('New York');
    expect(within(receiver).getByLabelText(/^Post code/)).toHaveValue('10001');
    expect(within(receiver).getByLabelText(/^State/)).toHaveValue('NY');
    expect(within(receiver).getByTestId('receiver-address-id')).toHaveTextContent('Address ID (AIS code): 101234567');
    expect(useOrderFlow.getState().draft.receiver.address.countryCode).toBe('US');

    // The code goes with the order while the address is the picked one.
    const sender = screen.getByTestId('party-sender');
    fireEvent.click(within(sender).getByText('book sender'));
    expect(useOrderFlow.getState().draft.sender.address.countryCode).toBe('LV');
    expect(within(sender).getByTestId('sender-address-id')).toHaveTextContent('100000001');
    fireEvent.change(within(sender).getByLabelText(/^Address/), { target: { value: 'Brīvības iela 3' } });
    expect(within(sender).queryByTestId('sender-address-id')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('next-step'));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/orders/validate')).toBe(true));
    const validated = calls.find((call) => call.path === '/api/orders/validate')?.body as {
      orderLines: { sender: Party; receiver: Party }[];
    };
    const line = validated.orderLines[0] as { sender: Party; receiver: Party };
    expect(line.receiver.address).toEqual(expect.objectContaining({ addressId: '101234567', region: 'NY' }));
    expect(line.sender.address?.addressId).toBeNull();
  });
});

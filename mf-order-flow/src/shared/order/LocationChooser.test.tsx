import { type PlaceFilter, placeFilterOf } from '@portal/shared-contracts/orders';
import type { RemoteComponent } from '@portal/shared-contracts/react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { fakeApi, renderWithPlatform } from '../../test/render';
import { LocationChooser } from './LocationChooser';
import type { LocationChoice } from './location-choice';

function Chooser({
  optional = false,
  placeFilter,
  requestId = 'receiver',
}: {
  optional?: boolean;
  placeFilter?: PlaceFilter;
  requestId?: string;
}) {
  const [value, setValue] = useState<LocationChoice | null>(null);
  return (
    <LocationChooser
      placeFilter={placeFilter}
      requestId={requestId}
      option="parcelMachine"
      countryCode="LT"
      value={value}
      onChange={setValue}
      label="Where the receiver collects the shipment"
      optional={optional}
    />
  );
}

describe('LocationChooser', () => {
  it('mounts the map’s picker through the platform and takes its location:picked event', async () => {
    const seen: unknown[] = [];
    // Stands in for the shell: renders what the map would, and lets the test pick.
    const remote: RemoteComponent = ({ remote: name, expose, props }) => {
      seen.push({ name, expose, props });
      return <p>map picker</p>;
    };
    const { events } = renderWithPlatform(<Chooser />, { api: fakeApi({}).api, platform: { RemoteComponent: remote } });
    expect(screen.getByText('map picker')).toBeInTheDocument();
    expect(seen[0]).toEqual(
      expect.objectContaining({
        name: 'mf-map',
        expose: './LocationPicker',
        props: expect.objectContaining({ receivingOption: 'parcelMachine', countryCode: 'LT', requestId: 'receiver' }),
      }),
    );
    events.emit('location:picked', { requestId: 'transfer', locationId: 'x', label: 'Not this one' });
    events.emit('location:picked', { requestId: 'receiver', locationId: 'lp-1', label: 'Vilnius locker 1' });
    expect(await screen.findByTestId('chosen-location-receiver')).toHaveTextContent('Vilnius locker 1');
    expect(screen.queryByText('map picker')).not.toBeInTheDocument();
  });

  it('falls back to the searchable list when the map is not there', async () => {
    const { api, calls } = fakeApi({
      'GET /api/service_locations': {
        'hydra:member': [
          {
            id: 'lp-1',
            type: 'parcelLocker',
            name: 'Akropolis',
            address: 'Ozo g. 25',
            city: 'Vilnius',
            countryCode: 'LT',
          },
        ],
        'hydra:totalItems': 1,
      },
    });
    const remote: RemoteComponent = ({ fallback }) => <>{fallback}</>;
    renderWithPlatform(<Chooser />, { api, platform: { RemoteComponent: remote } });
    fireEvent.change(screen.getByLabelText('Search by name, address, city or post code'), {
      target: { value: 'Akro' },
    });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/service_locations')).toBe(true));
    expect(calls.find((call) => call.path === '/api/service_locations')?.query).toEqual(
      expect.objectContaining({ q: 'Akro', type: 'parcelLocker', countryCode: 'LT' }),
    );
  });

  it('opens an optional chooser only when asked', () => {
    const remote: RemoteComponent = () => <p>map picker</p>;
    renderWithPlatform(<Chooser optional />, { api: fakeApi({}).api, platform: { RemoteComponent: remote } });
    expect(screen.queryByText('map picker')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('choose-location-receiver'));
    expect(screen.getByText('map picker')).toBeInTheDocument();
  });

  // Issue 40: a Latvian locker product hands over only at Latvijas Pasts lockers that accept parcels.
  const latvianLocker = {
    transferType: 'parcelMachine',
    receivingType: 'parcelMachine',
    transferNetworks: ['Latvijas Pasts'],
    receivingNetworks: ['Latvijas Pasts'],
    countryCode: 'LV',
  };

  it("gives the map's picker the product's places and role", () => {
    const seen: { props: Record<string, unknown> }[] = [];
    const remote: RemoteComponent = ({ props }) => {
      seen.push({ props: props as Record<string, unknown> });
      return <p>map picker</p>;
    };
    const placeFilter = placeFilterOf(latvianLocker, 'transfer');
    renderWithPlatform(<Chooser requestId="transfer" placeFilter={placeFilter} />, {
      api: fakeApi({}).api,
      platform: { RemoteComponent: remote },
    });
    expect(seen[0]?.props).toMatchObject({
      role: 'transfer',
      placeFilter: { types: ['parcelLocker'], operators: ['Latvijas Pasts'], withoutPickUpOnly: true },
    });
  });

  it.each([
    ['en', 'Only Latvijas Pasts parcel lockers that accept parcels are shown'],
    ['lv', 'Rādīti tikai Latvijas Pasts pakomāti, kuros var nodot sūtījumus'],
  ] as const)(
    'the list asks only for the places the product may use and says why others are missing (%s)',
    async (locale, note) => {
      const { api, calls } = fakeApi({ 'GET /api/service_locations': { 'hydra:member': [], 'hydra:totalItems': 0 } });
      const remote: RemoteComponent = ({ fallback }) => <>{fallback}</>;
      renderWithPlatform(<Chooser requestId="transfer" placeFilter={placeFilterOf(latvianLocker, 'transfer')} />, {
        api,
        platform: { RemoteComponent: remote },
        locale,
      });
      expect(screen.getByTestId('location-list-note')).toHaveTextContent(note);
      fireEvent.change(screen.getByRole('textbox', { name: /.+/ }), { target: { value: 'Rīga' } });
      await waitFor(() => expect(calls.some((call) => call.path === '/api/service_locations')).toBe(true));
      expect(calls.find((call) => call.path === '/api/service_locations')?.query).toEqual(
        expect.objectContaining({ q: 'Rīga', type: 'parcelLocker', operator: 'Latvijas Pasts', pickUpOnly: 'false' }),
      );
    },
  );
});

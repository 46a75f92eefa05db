import { ApplicationError } from '@portal/shared-contracts';
import { makeS10 } from '@portal/shared-contracts/s10';
import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import type { TrackingAnswer } from '@portal/shared-contracts/tracking';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import { TrackingPage } from './TrackingPage';

const NUMBER = makeS10('CC', 12_345_678);

const answer: TrackingAnswer = {
  '@id': `/api/tracking/${NUMBER}`,
  '@type': 'Tracking',
  number: NUMBER,
  status: 'releasedForDelivery',
  statusDate: '2026-11-24T07:30:00Z',
  shipmentType: 'parcel',
  destinationCountryCode: 'LT',
  expectedDelivery: '2026-11-25',
  deliveryPlace: { name: 'Vilnius Akropolis parcel locker', countryCode: 'LT', address: 'Ozo g. 25' },
  events: [
    {
      id: 'e2',
      code: 'READY_FOR_PICK_UP',
      status: 'releasedForDelivery',
      text: 'Ready for pick-up',
      occurredAt: '2026-11-24T07:30:00Z',
      place: { name: 'Vilnius Akropolis parcel locker', countryCode: 'LT' },
      note: null,
    },
    {
      id: 'e1',
      code: 'ACCEPTED_PARCEL_LOCKER',
      status: 'transferred',
      text: 'Accepted at a parcel locker',
      occurredAt: '2026-11-23T09:05:00Z',
      place: { name: 'Rīga Origo parcel locker', countryCode: 'LV' },
      note: 'Locker 12',
    },
  ],
};

function renderPage(route: string, routes: Record<string, unknown>) {
  const { api, calls } = fakeApi(routes);
  const view = renderRemote(<TrackingPage />, { namespace: NAMESPACE, catalogues, api, route, path: '/track' });
  return { ...view, calls };
}

describe('TrackingPage', () => {
  it('shows the status, expected delivery, place and the journey newest first for ?number=', async () => {
    renderPage(`/track?number=${NUMBER.toLowerCase()}`, { [`GET /api/tracking/${NUMBER}`]: answer });
    const result = await screen.findByTestId('tracking-result');
    expect(within(result).getByRole('heading', { name: NUMBER })).toBeVisible();
    expect(screen.getByTestId('tracking-status')).toHaveTextContent('Out for delivery or ready for pick-up');
    expect(screen.getByTestId('expected-delivery')).toHaveTextContent('Expected delivery: 25.11.2026');
    expect(screen.getByTestId('delivery-place')).toHaveTextContent(
      'Collect it at: Vilnius Akropolis parcel locker, Ozo g. 25, Lithuania',
    );
    const steps = within(screen.getByTestId('tracking-timeline')).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('data-status'))).toEqual(['releasedForDelivery', 'transferred']);
    expect(steps[1]).toHaveTextContent('Accepted at a parcel locker');
    expect(steps[1]).toHaveTextContent('Rīga Origo parcel locker, Latvia');
    expect(steps[1]).toHaveTextContent('Locker 12');
    expect(screen.getByRole('link', { name: 'File a complaint about this shipment' })).toHaveAttribute(
      'href',
      `/complaint?shipmentNumber=${NUMBER}`,
    );
  });

  it.each([
    ['en', 'A return label was made: CC000000017LV'],
    ['lv', 'Izveidota atpakaļsūtījuma uzlīme: CC000000017LV'],
  ] as const)('says a return label was made for the shipment, with its number (%s, issue 40)', async (locale, said) => {
    const { api } = fakeApi({ [`GET /api/tracking/${NUMBER}`]: { ...answer, returnBarcode: 'CC000000017LV' } });
    renderRemote(<TrackingPage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      locale,
      route: `/track?number=${NUMBER}`,
      path: '/track',
    });
    expect(await screen.findByTestId('return-made')).toHaveTextContent(said);
  });

  it.each([
    ['en', 'This is a return of shipment CC000000017LV'],
    ['lv', 'Šis ir sūtījuma CC000000017LV atpakaļsūtījums'],
  ] as const)('says a return’s own number is a return of its shipment (%s, issue 40)', async (locale, said) => {
    const { api } = fakeApi({
      [`GET /api/tracking/${NUMBER}`]: { ...answer, returnBarcode: null, returnOf: 'CC000000017LV' },
    });
    renderRemote(<TrackingPage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      locale,
      route: `/track?number=${NUMBER}`,
      path: '/track',
    });
    expect(await screen.findByTestId('return-of')).toHaveTextContent(said);
    expect(screen.queryByTestId('return-made')).not.toBeInTheDocument();
  });

  it('says nothing of a return when none was made', async () => {
    renderPage(`/track?number=${NUMBER}`, { [`GET /api/tracking/${NUMBER}`]: { ...answer, returnBarcode: null } });
    await screen.findByTestId('tracking-result');
    expect(screen.queryByTestId('return-made')).not.toBeInTheDocument();
    expect(screen.queryByTestId('return-of')).not.toBeInTheDocument();
  });

  it('explains a wrongly typed number without asking the API', async () => {
    const { calls } = renderPage('/track?number=RR123456784LV', {});
    expect(await screen.findByTestId('tracking-invalid')).toHaveTextContent(/not valid: please check it for typing/);
    expect(calls).toEqual([]);
  });

  it('says so when no shipment has the number', async () => {
    renderPage(`/track?number=${NUMBER}`, {
      [`GET /api/tracking/${NUMBER}`]: () => {
        throw new ApplicationError('Shipment not found.', { status: 404 });
      },
    });
    expect(await screen.findByTestId('tracking-error')).toHaveTextContent(/No shipment with this number was found/);
  });

  it('shows only the form without a number', () => {
    const { calls } = renderPage('/track', {});
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Package tracking');
    expect(screen.getByRole('textbox', { name: 'Shipment number' })).toHaveValue('');
    expect(calls).toEqual([]);
  });

  it.each([
    ['en', 'Track', 'Shipment number', 'Enter the shipment number to track.'],
    ['lv', 'Izsekot', 'Sūtījuma numurs', 'Ievadiet izsekojamā sūtījuma numuru.'],
  ] as const)(
    'says beside the field why an empty one is not tracked (%s, issue 40)',
    async (locale, button, label, message) => {
      const { api, calls } = fakeApi({});
      renderRemote(<TrackingPage />, {
        namespace: NAMESPACE,
        catalogues,
        api,
        locale,
        route: '/track',
        path: '/track',
      });
      const user = userEvent.setup();
      await user.type(screen.getByRole('textbox', { name: label }), '   ');
      await user.click(screen.getByRole('button', { name: button }));
      const field = screen.getByRole('textbox', { name: label });
      expect(field).toHaveAccessibleDescription(message);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByTestId('path')).toHaveTextContent(/^\/track$/);
      expect(calls).toEqual([]);
      // Typing takes the message away.
      await user.type(field, 'R');
      expect(screen.queryByText(message)).toBeNull();
    },
  );
});

import { renderRemote } from '@portal/shared-contracts/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { catalogues, NAMESPACE } from '../../../../i18n';
import type { CourierAvailability } from '../../../../shared/order/api';
import { fakeApi, renderWithPlatform } from '../../../../test/render';
import { emptyDraft } from '../../model';
import { useOrderFlow } from '../../store';
import { CourierPickUpFields } from './CourierPickUpFields';

const PATH = '/api/courier_pick_up/availability';

/** The API's answers by date (the fake reads the query the component sends). */
const answers: Record<string, Partial<CourierAvailability>> = {
  '2026-11-17': { available: true, reason: null, remaining: 3 },
  '2026-11-19': { available: false, reason: 'full', remaining: 0 },
  '2026-11-21': {
    available: false,
    reason: 'notWorkingDay',
    possiblePickUpTimesFrom: null,
    possiblePickUpTimesTill: null,
  },
  '2026-11-16': {
    available: false,
    reason: 'afterCutOff',
    possiblePickUpTimesFrom: null,
    possiblePickUpTimesTill: null,
  },
};

function availabilityApi() {
  return fakeApi({
    [`GET ${PATH}`]: (_: unknown, { query }: { query?: Record<string, unknown> }) => {
      const date = String(query?.date);
      const postCode = (query?.postCode as string | undefined) ?? null;
      return {
        date,
        postCode,
        area: postCode ? postCode.slice(3, 5) : null,
        available: true,
        reason: null,
        possiblePickUpTimesFrom: '09:00',
        possiblePickUpTimesTill: '18:00',
        sameDayCutOff: '14:00',
        capacity: postCode ? 20 : null,
        booked: postCode ? 17 : null,
        ...answers[date],
        ...(postCode ? {} : { remaining: null }),
      };
    },
  });
}

function withSender(postCode: string) {
  const draft = emptyDraft('parcel');
  useOrderFlow.setState({
    draft: { ...draft, sender: { ...draft.sender, address: { ...draft.sender.address, postCode } } },
    violations: [],
  });
}

const typeDate = (value: string) => fireEvent.change(screen.getByLabelText('Pick-up date'), { target: { value } });
const note = () => screen.getByTestId('courier-availability');
const typeDate17Lv = () =>
  fireEvent.change(screen.getByLabelText('Savākšanas datums'), { target: { value: '17.11.2026' } });

beforeEach(() => withSender('LV-1010'));

describe('CourierPickUpFields', () => {
  it('asks for a whole date with the sender’s post code and shows the window and the pick-ups left', async () => {
    const { api, calls } = availabilityApi();
    renderWithPlatform(<CourierPickUpFields />, { api });
    // Labelled inputs; nothing is asked before the date is whole.
    expect(screen.getByLabelText('From (HH:mm)')).toBeInTheDocument();
    expect(screen.getByLabelText('Till (HH:mm)')).toBeInTheDocument();
    typeDate('17.11.20');
    expect(calls).toHaveLength(0);
    expect(note().textContent).toBe('');

    typeDate('17.11.2026');
    await waitFor(() =>
      expect(note()).toHaveTextContent(
        "The courier can come between 09:00 and 18:00. 3 pick-ups left on this day in the sender's area.",
      ),
    );
    expect(calls).toEqual([
      expect.objectContaining({ method: 'GET', path: PATH, query: { date: '2026-11-17', postCode: 'LV-1010' } }),
    ]);
    // The note describes the date field (screen readers read it with the field) and is a live region.
    const dateInput = screen.getByLabelText('Pick-up date');
    const describedBy = dateInput.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').some((id) => document.getElementById(id)?.contains(note()))).toBe(true);
    expect(note()).toHaveAttribute('role', 'status');
  });

  it('says when no pick-ups are left, or the courier does not come that day', async () => {
    const { api } = availabilityApi();
    renderWithPlatform(<CourierPickUpFields />, { api });
    typeDate('19.11.2026');
    await waitFor(() =>
      expect(note()).toHaveTextContent("No pick-ups left on this day in the sender's area. Choose another day."),
    );
    typeDate('21.11.2026');
    await waitFor(() => expect(note()).toHaveTextContent('The courier is not available on this day'));
    typeDate('16.11.2026');
    await waitFor(() => expect(note()).toHaveTextContent('Same-day pick-ups can be ordered until 14:00.'));
  });

  it('leaves an unfinished post code out and says the count needs it', async () => {
    withSender('LV-10');
    const { api, calls } = availabilityApi();
    renderWithPlatform(<CourierPickUpFields />, { api });
    typeDate('2026-11-17');
    await waitFor(() => expect(note()).toHaveTextContent("once the sender's post code (LV-1234) is entered"));
    expect(calls[0]?.query).toEqual({ date: '2026-11-17', postCode: undefined });
  });

  it('speaks Latvian beside labelled fields, next to the server’s violation of the date', async () => {
    const { api } = availabilityApi();
    useOrderFlow.setState({
      violations: [
        {
          propertyPath: 'orderLines[0].services.courierPickUp.pickUpTime.date',
          message: 'The courier is not available on the chosen date.',
        },
      ],
    });
    renderRemote(<CourierPickUpFields />, { namespace: NAMESPACE, catalogues, api, locale: 'lv' });
    fireEvent.change(screen.getByLabelText('Savākšanas datums'), { target: { value: '19.11.2026' } });
    await waitFor(() =>
      expect(note()).toHaveTextContent('Šajā dienā sūtītāja apvidū vairs nav brīvu savākšanu. Izvēlieties citu dienu.'),
    );
    expect(screen.getByLabelText('No (SS:mm)')).toBeInTheDocument();
    expect(screen.getByLabelText('Līdz (SS:mm)')).toBeInTheDocument();
    // The server's message is shown as the field's error (the shell translates it by its text).
    expect(screen.getByText('The courier is not available on the chosen date.')).toBeInTheDocument();
    typeDate17Lv();
    await waitFor(() =>
      expect(note()).toHaveTextContent(
        'Kurjers var ierasties no 09:00 līdz 18:00. Šajā dienā sūtītāja apvidū atlikušas 3 savākšanas.',
      ),
    );
  });

  it('tells the user when the availability cannot be checked', async () => {
    const { api } = fakeApi({});
    renderWithPlatform(<CourierPickUpFields />, { api });
    typeDate('17.11.2026');
    await waitFor(() => expect(note()).toHaveTextContent("The courier's availability could not be checked"));
  });
});

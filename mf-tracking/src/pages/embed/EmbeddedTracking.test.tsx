import { makeS10 } from '@portal/shared-contracts/s10';
import type { TrackingAnswer } from '@portal/shared-contracts/tracking';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EmbeddedTracking from './EmbeddedTracking';

const NUMBER = makeS10('CC', 7_654_321);
const answer: TrackingAnswer = {
  '@id': `/api/tracking/${NUMBER}`,
  '@type': 'Tracking',
  number: NUMBER,
  status: 'processed',
  statusDate: '2026-11-23T20:00:00Z',
  shipmentType: 'parcel',
  destinationCountryCode: 'LV',
  expectedDelivery: '2026-11-24',
  deliveryPlace: null,
  events: [
    {
      id: 'e1',
      code: 'SORTED',
      status: 'processed',
      text: 'Apstrādāts šķirošanas centrā',
      occurredAt: '2026-11-23T20:00:00Z',
      place: { name: 'Rīgas šķirošanas centrs', countryCode: 'LV' },
      note: null,
    },
  ],
};

// The parcel makes its own API client on the page's fetch; jsdom has none (and no Response class),
// so the test gives it the parts of a response the client reads.
let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn(async () => ({ status: 200, statusText: 'OK', text: async () => JSON.stringify(answer) }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('EmbeddedTracking (the ./parcel root)', () => {
  it('looks a number up on the public API of the given origin, in the language given', async () => {
    render(<EmbeddedTracking locale="lv" apiBaseUrl="https://portal.example.lv" number={NUMBER.toLowerCase()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Izsekot sūtījumu' })).toBeVisible();
    expect(await screen.findByTestId('tracking-status')).toHaveTextContent('Apstrādāts');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`https://portal.example.lv/api/public/tracking/${NUMBER}`);
    // No router outside the portal: the complaint link is a plain link to the portal.
    expect(screen.getByRole('link', { name: 'Iesniegt sūdzību par šo sūtījumu' })).toHaveAttribute(
      'href',
      `https://portal.example.lv/complaint?shipmentNumber=${NUMBER}`,
    );
  });

  it('answers a mistyped number with its message and never asks the API', async () => {
    render(<EmbeddedTracking />);
    const field = screen.getByRole('textbox', { name: 'Shipment number' });
    await userEvent.type(field, 'RR123456784LV');
    await userEvent.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByTestId('tracking-invalid')).toHaveTextContent(
      'This shipment number is not valid: please check it for typing errors.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(field).toHaveValue('RR123456784LV');
  });

  it('asks the API again in the new language when the embedding page switches it', async () => {
    const { rerender } = render(<EmbeddedTracking locale="lv" number={NUMBER} />);
    await screen.findByTestId('tracking-status');
    const language = (call: unknown[] | undefined) =>
      new Headers((call?.[1] as RequestInit | undefined)?.headers).get('Accept-Language');
    expect(language(fetchMock.mock.calls[0])).toBe('lv');

    rerender(<EmbeddedTracking locale="en" number={NUMBER} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Track a shipment' })).toBeVisible();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(language(fetchMock.mock.calls[1])).toBe('en');
  });
});

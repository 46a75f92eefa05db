import { makeS10 } from '@portal/shared-contracts/s10';
import { MAX_BATCH_EVENTS, splitBatch, trackingBatchInput } from '../../../src/modules/tracking/ingest-model';

const NUMBER = makeS10('CC', 12_345_678);
const goodRow = (overrides: Record<string, unknown> = {}) => ({
  eventId: 'scan-1',
  shipmentNumber: NUMBER,
  code: 'SORTED',
  occurredAt: '2026-11-23T08:15:00+02:00',
  location: { name: 'Rīga sorting centre', countryCode: 'lv' },
  ...overrides,
});

describe('splitBatch', () => {
  it('accepts good rows, normalising the number, the country and the time', () => {
    const { accepted, rejected } = splitBatch([
      goodRow({ shipmentNumber: NUMBER.toLowerCase().replace(/(\d{3})/, '$1 ') }),
    ]);
    expect(rejected).toEqual([]);
    expect(accepted).toHaveLength(1);
    const [{ index, event }] = accepted as [(typeof accepted)[number]];
    expect(index).toBe(0);
    expect(event.shipmentNumber).toBe(NUMBER);
    expect(event.location.countryCode).toBe('LV');
    expect(event.occurredAt.toISOString()).toBe('2026-11-23T06:15:00.000Z');
  });

  it('reports each bad row by its index with violations on the right paths, keeping the good ones', () => {
    const rows = [
      goodRow(),
      goodRow({ shipmentNumber: 'RR123456784LV' }),
      goodRow({ code: 'TELEPORTED' }),
      'not an object',
      goodRow({ occurredAt: '23.11.2026', location: { name: '', countryCode: 'Latvia' } }),
      goodRow({ eventId: 'scan-6', note: 'x'.repeat(10_000) }),
      goodRow({ eventId: "'; DROP TABLE tracking_events; --", extra: 1 }),
      goodRow({ eventId: 'scan-8' }),
    ];
    const { accepted, rejected } = splitBatch(rows);
    expect(accepted.map(({ index }) => index)).toEqual([0, 7]);
    const paths = Object.fromEntries(
      rejected.map(({ index, violations }) => [
        index,
        violations.map((violation) => `${violation.propertyPath} ${violation.code}`),
      ]),
    );
    expect(paths).toEqual({
      1: ['events[1].shipmentNumber INVALID_S10'],
      2: ['events[2].code UNKNOWN_EVENT_CODE'],
      3: ['events[3] INVALID_TYPE'],
      4: [
        'events[4].occurredAt INVALID_FORMAT',
        'events[4].location.name TOO_SMALL',
        'events[4].location.countryCode INVALID_FORMAT',
      ],
      5: ['events[5].note TOO_BIG'],
      6: ['events[6].extra UNEXPECTED_FIELD'],
    });
  });

  it('limits the batch size in the envelope', () => {
    expect(trackingBatchInput.safeParse({ events: [] }).success).toBe(false);
    expect(trackingBatchInput.safeParse({ events: Array(MAX_BATCH_EVENTS).fill({}) }).success).toBe(true);
    expect(trackingBatchInput.safeParse({ events: Array(MAX_BATCH_EVENTS + 1).fill({}) }).success).toBe(false);
  });
});

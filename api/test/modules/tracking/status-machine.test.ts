import { ORDER_LINE_STATUSES, type OrderLineStatus } from '@portal/shared-contracts/orders';
import {
  checkTransition,
  FINAL_STATUSES,
  replayEvents,
  STATUS_TRANSITIONS,
} from '../../../src/modules/tracking/status-machine';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 8, minute));
const scan = (status: OrderLineStatus, minute: number, id = `${status}@${minute}`) => ({
  id,
  status,
  occurredAt: at(minute),
});

describe('the transition table', () => {
  it('has a row for every status of SPEC §4 and names only known statuses', () => {
    expect(Object.keys(STATUS_TRANSITIONS).sort()).toEqual([...ORDER_LINE_STATUSES].sort());
    for (const targets of Object.values(STATUS_TRANSITIONS)) {
      for (const target of targets) expect(ORDER_LINE_STATUSES).toContain(target);
    }
  });

  it('makes delivered the only final status', () => {
    expect(FINAL_STATUSES).toEqual(['delivered']);
  });

  it('lets every status reach delivered', () => {
    for (const start of ORDER_LINE_STATUSES) {
      const seen = new Set<OrderLineStatus>([start]);
      const queue = [start];
      while (queue.length) {
        const next = queue.shift() as OrderLineStatus;
        for (const target of STATUS_TRANSITIONS[next]) {
          if (!seen.has(target)) {
            seen.add(target);
            queue.push(target);
          }
        }
      }
      expect([start, seen.has('delivered')]).toEqual([start, true]);
    }
  });

  it.each([
    ['paid', 'transferred'],
    ['transferred', 'processed'],
    ['processed', 'sentAbroad'],
    ['sentAbroad', 'releasedForDelivery'],
    ['releasedForDelivery', 'delivered'],
    ['processed', 'onHold'],
    ['onHold', 'processed'],
    ['releasedForDelivery', 'returned'],
    ['returned', 'delivered'],
    ['processed', 'processed'],
  ] as const)('allows %s → %s', (from, to) => {
    expect(checkTransition(from, to)).toEqual({ allowed: true });
  });

  it.each([
    ['unfinished', 'delivered'],
    ['paid', 'delivered'],
    ['paid', 'processed'],
    ['delivered', 'sent'],
    ['delivered', 'delivered'],
    ['sent', 'paid'],
    ['onHold', 'delivered'],
  ] as const)('refuses %s → %s with a reason', (from, to) => {
    const check = checkTransition(from, to);
    expect(check.allowed).toBe(false);
    if (!check.allowed) expect(check.reason).toMatch(/delivered|cannot move/);
  });
});

describe('replayEvents', () => {
  it('follows a whole journey given out of order, sorted by the time of the scan', () => {
    const journey = [
      scan('delivered', 50),
      scan('transferred', 10),
      scan('sentAbroad', 30),
      scan('processed', 20),
      scan('releasedForDelivery', 40),
    ];
    const replay = replayEvents('paid', journey);
    expect(replay.status).toBe('delivered');
    expect(replay.events.map(({ event }) => event.status)).toEqual([
      'transferred',
      'processed',
      'sentAbroad',
      'releasedForDelivery',
      'delivered',
    ]);
    expect(replay.events.every(({ violation }) => violation === null)).toBe(true);
  });

  it('keeps an event that breaks the table, flagged, without moving the shipment', () => {
    const replay = replayEvents('paid', [scan('transferred', 1), scan('delivered', 2), scan('processed', 3)]);
    expect(replay.status).toBe('processed');
    expect(replay.events.map(({ event, violation }) => [event.status, violation])).toEqual([
      ['transferred', null],
      ['delivered', 'A shipment cannot move from transferred to delivered.'],
      ['processed', null],
    ]);
  });

  it('flags scans after delivery and scans that claim a portal status', () => {
    const replay = replayEvents('releasedForDelivery', [scan('delivered', 1), scan('sent', 2), scan('paid', 3)]);
    expect(replay.status).toBe('delivered');
    expect(replay.events.map(({ violation }) => violation)).toEqual([
      null,
      'The shipment is already delivered.',
      'A scan cannot set the status paid.',
    ]);
  });

  it('keeps the given order for scans of the same minute', () => {
    const replay = replayEvents('transferred', [scan('processed', 5, 'first'), scan('sent', 5, 'second')]);
    expect(replay.events.map(({ event }) => event.id)).toEqual(['first', 'second']);
    expect(replay.status).toBe('sent');
  });
});

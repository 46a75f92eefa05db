import { LOCALES } from '@portal/shared-contracts';
import { ORDER_LINE_STATUSES } from '@portal/shared-contracts/orders';
import {
  describeEvent,
  isTrackingEventCode,
  TRACKING_EVENT_CODE_NAMES,
  TRACKING_EVENT_CODES,
} from '../../../src/modules/tracking/event-codes';
import { PORTAL_STATUSES } from '../../../src/modules/tracking/status-machine';

describe('tracking event codes', () => {
  it('move shipments only into statuses that scans may set', () => {
    for (const name of TRACKING_EVENT_CODE_NAMES) {
      const { status } = TRACKING_EVENT_CODES[name];
      expect(ORDER_LINE_STATUSES).toContain(status);
      expect(PORTAL_STATUSES).not.toContain(status);
    }
  });

  it('cover every status a scan can set', () => {
    const covered = new Set(TRACKING_EVENT_CODE_NAMES.map((name) => TRACKING_EVENT_CODES[name].status));
    const scannable = ORDER_LINE_STATUSES.filter((status) => !PORTAL_STATUSES.includes(status));
    expect([...covered].sort()).toEqual([...scannable].sort());
  });

  it('have a distinct, non-empty text in each language', () => {
    for (const locale of LOCALES) {
      const texts = TRACKING_EVENT_CODE_NAMES.map((name) => describeEvent(name, locale));
      expect(texts.every((text) => text.trim().length > 0)).toBe(true);
      expect(new Set(texts).size).toBe(texts.length);
    }
    expect(describeEvent('DELIVERED', 'lv')).toBe('Piegādāts');
  });

  it('recognise only their own names', () => {
    expect(isTrackingEventCode('SORTED')).toBe(true);
    expect(isTrackingEventCode('sorted')).toBe(false);
    expect(isTrackingEventCode('toString')).toBe(false);
    expect(isTrackingEventCode("'; DROP TABLE order_lines; --")).toBe(false);
  });
});

import { addLatvianWorkingDays } from '../../../src/calendar/working-days';
import { expectedDelivery } from '../../../src/modules/tracking/expected-delivery';
import { buildWorkflowSeed } from '../../../src/modules/workflows/seed-data';

// 2026-11-18 is Latvia's Proclamation Day (a public holiday), a Wednesday.
const facts = { status: 'transferred' as const, destinationCountryCode: 'LV', deliveryDays: null };

describe('expectedDelivery', () => {
  it('is the next working day within Latvia, counted in Riga time', () => {
    // Monday evening in Riga (UTC+2) → Tuesday.
    expect(expectedDelivery({ ...facts, transferredAt: new Date('2026-11-23T19:00:00Z') })).toBe('2026-11-24');
    // 23:30 UTC on Monday is already Tuesday in Riga → Wednesday.
    expect(expectedDelivery({ ...facts, transferredAt: new Date('2026-11-23T23:30:00Z') })).toBe('2026-11-25');
  });

  it('skips weekends and public holidays', () => {
    expect(expectedDelivery({ ...facts, transferredAt: new Date('2026-11-20T10:00:00Z') })).toBe('2026-11-23');
    expect(expectedDelivery({ ...facts, transferredAt: new Date('2026-11-17T10:00:00Z') })).toBe('2026-11-19');
  });

  it("uses the product's delivery days abroad, and promises nothing without them", () => {
    const abroad = { ...facts, destinationCountryCode: 'LT', transferredAt: new Date('2026-11-23T10:00:00Z') };
    expect(expectedDelivery({ ...abroad, deliveryDays: 3 })).toBe('2026-11-26');
    expect(expectedDelivery(abroad)).toBeNull();
  });

  it('promises nothing before the hand-over or after delivery', () => {
    expect(expectedDelivery({ ...facts, status: 'paid', transferredAt: null })).toBeNull();
    expect(
      expectedDelivery({ ...facts, status: 'delivered', transferredAt: new Date('2026-11-23T10:00:00Z') }),
    ).toBeNull();
  });

  it('is the day every domestic product promises in the calculator and the order wizard', () => {
    // Issue 21: the wizard said "Delivered in 4 working days" while tracking said the next day.
    const domestic = buildWorkflowSeed().filter((workflow) => workflow.countryCode === 'LV');
    expect(domestic.length).toBeGreaterThan(10);
    const transferredAt = new Date('2026-11-20T10:00:00Z'); // a Friday
    for (const workflow of domestic) {
      expect({
        key: workflow.seedKey,
        promised: addLatvianWorkingDays('2026-11-20', workflow.deliveryDays ?? 0),
      }).toEqual({
        key: workflow.seedKey,
        promised: expectedDelivery({ ...facts, transferredAt, deliveryDays: workflow.deliveryDays }),
      });
    }
  });
});

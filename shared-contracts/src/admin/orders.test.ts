import { mayOpenAdminPath } from '.';
import { dateRangeViolations, daysInRange, isIsoDay, REPORT_MAX_DAYS } from './orders';

describe('the period rule of the back office (orders search and reports)', () => {
  it('knows real days only', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(isIsoDay('01.02.2026')).toBe(false);
    expect(isIsoDay('2026-1-01')).toBe(false);
  });

  it('counts both ends', () => {
    expect(daysInRange('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInRange('2026-03-28', '2026-03-30')).toBe(3);
    expect(daysInRange('2026-01-02', '2026-01-01')).toBe(0);
  });

  it('names the wrong end', () => {
    expect(dateRangeViolations({})).toEqual([]);
    expect(dateRangeViolations({ dateFrom: '2026-01-01' })).toEqual([]);
    expect(dateRangeViolations({ dateFrom: '2026-02-30', dateTill: 'soon' })).toEqual([
      expect.objectContaining({ propertyPath: 'dateFrom', code: 'INVALID_DATE' }),
      expect.objectContaining({ propertyPath: 'dateTill', code: 'INVALID_DATE' }),
    ]);
    expect(dateRangeViolations({ dateFrom: '2026-01-02', dateTill: '2026-01-01' })).toEqual([
      expect.objectContaining({ propertyPath: 'dateTill', code: 'DATE_RANGE_REVERSED' }),
    ]);
    // A leap year's whole year is allowed, a day more is not (only where a limit is given).
    expect(dateRangeViolations({ dateFrom: '2028-01-01', dateTill: '2028-12-31' }, REPORT_MAX_DAYS)).toEqual([]);
    expect(dateRangeViolations({ dateFrom: '2028-01-01', dateTill: '2029-01-01' }, REPORT_MAX_DAYS)).toEqual([
      expect.objectContaining({ propertyPath: 'dateTill', code: 'DATE_RANGE_TOO_LONG' }),
    ]);
    expect(dateRangeViolations({ dateFrom: '2020-01-01', dateTill: '2029-01-01' })).toEqual([]);
  });
});

describe('who opens the orders and the reports', () => {
  it('lets customer service into orders and product managers into reports', () => {
    expect(mayOpenAdminPath(['customer_service'], '/admin/orders/show/abc')).toBe(true);
    expect(mayOpenAdminPath(['customer_service'], '/admin/reports')).toBe(false);
    expect(mayOpenAdminPath(['product_manager'], '/admin/reports')).toBe(true);
    expect(mayOpenAdminPath(['product_manager'], '/admin/orders')).toBe(false);
    expect(mayOpenAdminPath(['administrator'], '/admin/reports')).toBe(true);
  });
});

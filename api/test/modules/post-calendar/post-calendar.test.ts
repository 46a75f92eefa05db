/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { DAY_OFF_MESSAGES } from '@portal/shared-contracts/calendar';
import { addLatvianWorkingDays, isLatvianHoliday } from '../../../src/calendar';
import { users } from '../../../src/modules/identity/schema';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { requester } from '../orders/order-fixtures';

// The post's own days off (issue 14 item 9): administrators add them beside Latvia's public
// holidays; courier pick-up and delivery dates (the working-day rules) skip them at once; every
// change is in the audit trail; bad input is 400/422 beside the field, never 500.

let testApp: TestApp;
const request = requester(() => testApp);
const ADMIN = bearer({ sub: 'dev-admin', email: 'admin@example.com' });
const SERVICE = bearer({ sub: 'calendar-service', email: 'calendar-service@example.com' });
// "Today" is Monday 23 November 2026 in Riga.
const NOW = new Date('2026-11-23T10:00:00Z');
const reasons = { reasonEn: 'Bridge day', reasonLv: 'Pārceltā darba diena' };

beforeAll(async () => {
  testApp = await startTestApp({ modules: ['post-calendar'], now: () => NOW });
  await testApp.db.orm
    .insert(users)
    .values({ subject: 'calendar-service', email: 'calendar-service@example.com', adminRoles: ['customer_service'] });
}, 60_000);
afterAll(() => testApp?.close());

it('lists the public holidays of a year with their names in English and Latvian', async () => {
  const { status, body } = await request('GET', '/api/admin/calendar?year=2026', ADMIN);
  expect(status).toBe(200);
  expect(body.year).toBe(2026);
  expect(body.days).toContainEqual({
    date: '2026-11-18',
    kind: 'public_holiday',
    nameEn: 'Republic Day',
    nameLv: 'Latvijas Republikas proklamēšanas diena',
  });
  expect(body.days.every((day: { kind: string }) => day.kind === 'public_holiday')).toBe(true);
});

it('adds a day off that the working-day rules skip at once, changes and removes it, each audited', async () => {
  // Friday 27 November 2026: the next working day after Thursday the 26th is the Friday, until it is a day off.
  expect(isLatvianHoliday('2026-11-27')).toBe(false);
  expect(addLatvianWorkingDays('2026-11-26', 1)).toBe('2026-11-27');

  const created = await request('PUT', '/api/admin/calendar/days_off/2026-11-27', ADMIN, reasons);
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ date: '2026-11-27', ...reasons });
  expect(isLatvianHoliday('2026-11-27')).toBe(true);
  expect(addLatvianWorkingDays('2026-11-26', 1)).toBe('2026-11-30');
  const year = await request('GET', '/api/admin/calendar?year=2026', ADMIN);
  expect(year.body.days).toContainEqual({
    date: '2026-11-27',
    kind: 'post_day_off',
    nameEn: 'Bridge day',
    nameLv: 'Pārceltā darba diena',
  });

  const changed = await request('PUT', '/api/admin/calendar/days_off/2026-11-27', ADMIN, {
    ...reasons,
    reasonEn: 'Company day',
  });
  expect(changed.status).toBe(200);
  expect((await request('DELETE', '/api/admin/calendar/days_off/2026-11-27', ADMIN)).status).toBe(204);
  expect(isLatvianHoliday('2026-11-27')).toBe(false);
  expect((await request('DELETE', '/api/admin/calendar/days_off/2026-11-27', ADMIN)).status).toBe(404);
  expect((await request('DELETE', '/api/admin/calendar/days_off/2026-02-30', ADMIN)).status).toBe(404);

  const trail = await request('GET', '/api/admin/audit?entityType=post_day_off&entityId=2026-11-27', ADMIN);
  expect(trail.body['hydra:member']).toMatchObject([
    { method: 'DELETE', before: { reasonEn: 'Company day' }, after: null },
    { method: 'PUT', status: 200, before: { reasonEn: 'Bridge day' }, after: { reasonEn: 'Company day' } },
    { method: 'PUT', status: 201, before: null, after: { date: '2026-11-27', reasonEn: 'Bridge day' } },
  ]);
});

it('refuses bad days and reasons beside the field (400/422), never 500, and keeps nothing', async () => {
  const put = (date: string, body: unknown) => request('PUT', `/api/admin/calendar/days_off/${date}`, ADMIN, body);
  const cases: [string, unknown, number, string, string?][] = [
    ['2026-02-30', reasons, 422, 'date', DAY_OFF_MESSAGES.date],
    ['2026-11-20', reasons, 422, 'date', DAY_OFF_MESSAGES.past],
    ['2026-11-28', reasons, 422, 'date', DAY_OFF_MESSAGES.weekend],
    ['2026-12-24', reasons, 422, 'date', DAY_OFF_MESSAGES.publicHoliday],
    ['2026-12-01', { ...reasons, reasonLv: ' ' }, 422, 'reasonLv', DAY_OFF_MESSAGES.blank],
    ['2026-12-01', { ...reasons, reasonEn: 'x'.repeat(201) }, 422, 'reasonEn', DAY_OFF_MESSAGES.reasonTooLong],
    ['2026-12-01', { ...reasons, date: '2026-12-02' }, 422, 'date'],
    ['2026-12-01', { ...reasons, reasonEn: 5 }, 422, 'reasonEn'],
    ['01.12.2026', reasons, 400, 'date'],
  ];
  for (const [date, body, status, field, message] of cases) {
    const answer = await put(date, body);
    expect([date, answer.status]).toEqual([date, status]);
    expect(answer.body.violations).toContainEqual(
      expect.objectContaining({ propertyPath: field, ...(message ? { message } : {}) }),
    );
  }
  for (const query of ['year=26', 'year=1999', '', 'year=2026&month=1']) {
    expect([query, (await request('GET', `/api/admin/calendar?${query}`, ADMIN)).status]).toEqual([query, 400]);
  }
  const year = await request('GET', '/api/admin/calendar?year=2026', ADMIN);
  expect(year.body.days.some((day: { kind: string }) => day.kind === 'post_day_off')).toBe(false);
});

it('is the administrators’: other back-office roles are refused', async () => {
  expect((await request('GET', '/api/admin/calendar?year=2026', SERVICE)).status).toBe(403);
  expect((await request('PUT', '/api/admin/calendar/days_off/2026-12-01', SERVICE, reasons)).status).toBe(403);
  expect((await request('GET', '/api/admin/calendar?year=2026', {})).status).toBe(401);
});

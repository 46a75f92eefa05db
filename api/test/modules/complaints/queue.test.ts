/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { COMPLAINT_HANDLING_MESSAGES } from '@portal/shared-contracts/complaints';
import { users } from '../../../src/modules/identity/schema';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { requester, verifiedUser } from '../orders/order-fixtures';

// The back office's complaints queue (issue 14 item 7): customer service finds complaints by
// status, refund decision, type and text, pages and sorts them on the server, sets the status and
// the refund decision (each change in the audit trail), and answers.

let testApp: TestApp;
const request = requester(() => testApp);
const SERVICE = bearer({ sub: 'queue-service', email: 'service@example.com' });
const EDITOR = bearer({ sub: 'queue-editor', email: 'editor@example.com' });
const ADMIN = bearer({ sub: 'dev-admin', email: 'admin@example.com' });
let clock = new Date('2026-11-20T08:00:00Z');

const complaint = (fullName: string, shipmentNumber: string | null = null) => ({
  type: 'shipment_delivery',
  problemType: 'delayed_delivery',
  complainant: 'sender',
  damageType: 'other',
  fullName,
  email: `${fullName.split(' ').at(-1)?.toLowerCase()}@example.lv`,
  shipmentNumber,
  description: 'The parcel has not arrived.',
  refundIban: 'LV80 BANK 0000 4351 9500 1',
});

const COMPLAINANT = verifiedUser('queue-complainant');

/** Files a complaint as a signed-in user, one minute after the one before. */
async function file(fullName: string, shipmentNumber: string | null = null) {
  clock = new Date(clock.getTime() + 60_000);
  const filed = await request('POST', '/api/complaints', COMPLAINANT, complaint(fullName, shipmentNumber));
  expect(filed.status).toBe(201);
  return filed.body as { id: number; submissionNumber: string };
}

const queue = async (query = '', headers: Record<string, string> = SERVICE) =>
  request('GET', `/api/admin/complaints?${query}`, headers);
const names = (body: { 'hydra:member': { fullName: string }[] }) => body['hydra:member'].map((row) => row.fullName);

beforeAll(async () => {
  testApp = await startTestApp({ modules: ['complaints'], now: () => clock });
  await testApp.db.orm.insert(users).values([
    { subject: 'queue-service', email: 'service@example.com', adminRoles: ['customer_service'] },
    { subject: 'queue-editor', email: 'editor@example.com', adminRoles: ['content_editor'] },
  ]);
  await request('POST', '/api/accounts', COMPLAINANT, { type: 'private' });
}, 60_000);
afterAll(() => testApp?.close());

it('lists the queue oldest first, filters by text and status, sorts and pages on the server', async () => {
  const first = await file('Queue Alpha', 'RR123456785LV');
  const second = await file('Queue Beta');
  const third = await file('Queue Gamma');

  const all = await queue('q=queue&itemsPerPage=2');
  expect(all.status).toBe(200);
  expect(all.body['hydra:totalItems']).toBe(3);
  expect(names(all.body)).toEqual(['Queue Alpha', 'Queue Beta']);
  expect(all.body['hydra:member'][0]).toMatchObject({
    id: first.id,
    submissionNumber: first.submissionNumber,
    status: 'submitted',
    refundDecision: 'undecided',
    shipmentNumber: 'RR123456785LV',
  });
  expect(names((await queue('q=queue&itemsPerPage=2&page=2')).body)).toEqual(['Queue Gamma']);
  expect(names((await queue('q=queue&order[createdAt]=desc')).body)).toEqual([
    'Queue Gamma',
    'Queue Beta',
    'Queue Alpha',
  ]);
  // The text finds a submission number, a shipment number, a name or an e-mail; `%` is itself.
  expect(names((await queue(`q=${second.submissionNumber}`)).body)).toEqual(['Queue Beta']);
  expect(names((await queue('q=rr1234')).body)).toEqual(['Queue Alpha']);
  expect(names((await queue('q=gamma@example')).body)).toEqual(['Queue Gamma']);
  expect((await queue('q=%25')).body['hydra:totalItems']).toBe(0);

  // Status and refund decision: each change is audited with the complaint before and after.
  const changed = await request('PATCH', `/api/admin/complaints/${third.id}`, SERVICE, {
    status: 'in_review',
    refundDecision: 'approved',
  });
  expect(changed.status).toBe(200);
  expect(changed.body).toMatchObject({ id: third.id, status: 'in_review', refundDecision: 'approved' });
  expect(names((await queue('q=queue&status=in_review')).body)).toEqual(['Queue Gamma']);
  expect(names((await queue('q=queue&refundDecision=approved')).body)).toEqual(['Queue Gamma']);
  expect(names((await queue('q=queue&status=submitted')).body)).toEqual(['Queue Alpha', 'Queue Beta']);
  const trail = await request('GET', `/api/admin/audit?entityType=complaint&entityId=${third.id}`, ADMIN);
  expect(trail.body['hydra:member']).toMatchObject([
    {
      method: 'PATCH',
      route: '/api/admin/complaints/:id',
      before: { status: 'submitted', refundDecision: 'undecided' },
      after: { status: 'in_review', refundDecision: 'approved' },
    },
  ]);

  // A complaint in review can still be answered; then it keeps the answered status.
  const answered = await request('POST', `/api/admin/complaints/${third.id}/answer`, SERVICE, { answer: 'Refunded.' });
  expect(answered.body).toMatchObject({ status: 'answered', refundDecision: 'approved' });
  const reopened = await request('PATCH', `/api/admin/complaints/${third.id}`, SERVICE, { status: 'submitted' });
  expect(reopened.status).toBe(422);
  expect(reopened.body.violations).toEqual([
    expect.objectContaining({ propertyPath: 'status', message: COMPLAINT_HANDLING_MESSAGES.answeredStatus }),
  ]);
  // The refund decision may still change after the answer.
  const rejected = await request('PATCH', `/api/admin/complaints/${third.id}`, SERVICE, { refundDecision: 'rejected' });
  expect(rejected.body).toMatchObject({ status: 'answered', refundDecision: 'rejected' });
});

it('answers bad input with 400/422 and the field, never 500', async () => {
  const filed = await file('Queue Delta');
  for (const [query, field] of [
    ['status=lost', 'status'],
    ['refundDecision=maybe', 'refundDecision'],
    ['type=other', 'type'],
    ['order[createdAt]=sideways', 'order[createdAt]'],
    ['itemsPerPage=1000', 'itemsPerPage'],
    ['page=0', 'page'],
    ['colour=red', 'colour'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ] as const) {
    const { status, body } = await queue(query);
    expect([query, status]).toEqual([query, 400]);
    expect(body.violations.map((violation: { propertyPath: string }) => violation.propertyPath)).toContain(field);
  }
  const patch = (body: unknown) => request('PATCH', `/api/admin/complaints/${filed.id}`, SERVICE, body);
  expect((await patch({ status: 'answered' })).body.violations[0]).toMatchObject({ propertyPath: 'status' });
  expect((await patch({ status: 'answered' })).status).toBe(422);
  expect((await patch({ refundDecision: 'maybe' })).body.violations[0]).toMatchObject({
    propertyPath: 'refundDecision',
  });
  expect((await patch({})).status).toBe(422);
  // A wrong JSON shape is refused before the rules, beside the field too.
  expect((await patch({ status: 3 })).body.violations[0]).toMatchObject({ propertyPath: 'status' });
  expect((await patch({ answer: 'x' })).status).toBe(422);
  expect((await request('PATCH', '/api/admin/complaints/99999999', SERVICE, { status: 'in_review' })).status).toBe(404);
  // Nothing refused was kept or audited.
  expect((await request('GET', `/api/admin/complaints/${filed.id}`, SERVICE)).body).toMatchObject({
    status: 'submitted',
    refundDecision: 'undecided',
  });
  const trail = await request('GET', `/api/admin/audit?entityType=complaint&entityId=${filed.id}`, ADMIN);
  expect(trail.body['hydra:totalItems']).toBe(0);
});

it('is customer service’s: a content editor and a signed-in user are refused', async () => {
  expect((await queue('', EDITOR)).status).toBe(403);
  expect((await queue('', bearer({ sub: 'queue-nobody' }))).status).toBe(403);
  expect((await queue('', {})).status).toBe(401);
  expect((await queue('', ADMIN)).status).toBe(200);
});

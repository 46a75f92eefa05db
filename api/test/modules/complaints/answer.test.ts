/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { MAX_COMPLAINT_ANSWER } from '@portal/shared-contracts/complaints';
import type { Mailer, MailMessage } from '../../../src/modules/notifications';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { requester, verifiedUser } from '../orders/order-fixtures';
import { multipart, pdf } from './upload-fixtures';

// The post's answer (issue 13 item 4): the back office answers a complaint through
// POST /api/admin/complaints/{id}/answer (administrators only, like every /api/admin route), the
// complainant sees it in their list and gets it by e-mail in Latvian and English.

let testApp: TestApp;
/** The messages as the module wrote them (the MIME encoding is nodemailer's, tested with the mailer). */
const sent: MailMessage[] = [];
const mailer: Mailer = {
  description: 'test',
  async send(message) {
    sent.push(message);
  },
};
const request = requester(() => testApp);
const anna = verifiedUser('answer-anna');
const janis = verifiedUser('answer-janis');
const ADMIN = bearer({ sub: 'dev-admin', email: 'admin@example.com' });

const complaint = {
  type: 'shipment_delivery',
  problemType: 'delayed_delivery',
  complainant: 'sender',
  damageType: 'other',
  fullName: 'Anna Bērziņa',
  email: 'anna@example.lv',
  description: 'The parcel to Cēsis has not arrived after a week.',
  refundIban: 'LV80 BANK 0000 4351 9500 1',
};

async function file(by = anna): Promise<{ id: number; submissionNumber: string }> {
  const filed = await request('POST', '/api/complaints', by, complaint);
  expect(filed.status).toBe(201);
  return filed.body;
}

beforeAll(async () => {
  testApp = await startTestApp({ modules: ['complaints'], mailer, now: () => new Date('2026-11-23T10:00:00Z') });
  await request('POST', '/api/accounts', anna, { type: 'private' });
  await request('POST', '/api/accounts', janis, { type: 'private' });
}, 60_000);
afterAll(() => testApp?.close());

it('answers a complaint: the complainant sees the answer in the list and gets it by e-mail in Latvian and English', async () => {
  const filed = await file();
  const answer =
    'Atvainojamies par kavēšanos: paka ir atrasta un tiks piegādāta rīt.\nWe are sorry: the parcel was found.';
  const answered = await request('POST', `/api/admin/complaints/${filed.id}/answer`, ADMIN, { answer });
  expect(answered.status).toBe(200);
  expect(answered.body).toMatchObject({ status: 'answered', answer, answeredAt: '2026-11-23T10:00:00.000Z' });
  // The audit trail keeps who answered, and the complaint before and after (issue 14).
  const trail = await request('GET', `/api/admin/audit?entityType=complaint&entityId=${filed.id}`, ADMIN);
  expect(trail.body['hydra:totalItems']).toBe(1);
  const [entry] = trail.body['hydra:member'];
  expect(entry).toMatchObject({ method: 'POST', route: '/api/admin/complaints/:id/answer', status: 200 });
  expect(entry.userId).toEqual(expect.any(Number));
  expect(entry.before).toMatchObject({ id: filed.id, answer: null });
  expect(entry.before.status).not.toBe('answered');
  expect(entry.after).toMatchObject({ id: filed.id, status: 'answered', answer });

  const mine = await request('GET', '/api/complaints', anna);
  expect(mine.body['hydra:member'][0]).toMatchObject({ id: filed.id, status: 'answered', answer });

  const mail = sent.at(-1);
  expect(mail?.to).toBe('anna@example.lv');
  expect(mail?.subject).toBe(
    `Atbilde uz sūdzību ${filed.submissionNumber} / Answer to complaint ${filed.submissionNumber}`,
  );
  expect(mail?.text).toContain(`Uz jūsu sūdzību ${filed.submissionNumber} ir sniegta atbilde.`);
  expect(mail?.text).toContain(`Your complaint ${filed.submissionNumber} has been answered.`);
  expect(mail?.text).toContain(answer);
  expect(mail?.html).toContain('paka ir atrasta un tiks piegādāta rīt.<br>We are sorry');
  // The HTML twin escapes what the back office typed.
  const tricky = await file();
  await request('POST', `/api/admin/complaints/${tricky.id}/answer`, ADMIN, { answer: '<b>refund</b> & sorry' });
  expect(sent.at(-1)?.html).toContain('&lt;b&gt;refund&lt;/b&gt; &amp; sorry');
  expect(sent.at(-1)?.html).not.toContain('<b>');
});

it('answers a complaint once: a second answer is a conflict and sends nothing', async () => {
  const filed = await file();
  expect((await request('POST', `/api/admin/complaints/${filed.id}/answer`, ADMIN, { answer: 'First.' })).status).toBe(
    200,
  );
  const mails = sent.length;
  const again = await request('POST', `/api/admin/complaints/${filed.id}/answer`, ADMIN, { answer: 'Second.' });
  expect(again.status).toBe(409);
  expect(again.body.violations).toEqual([
    expect.objectContaining({ propertyPath: 'answer', code: 'complaint.already_answered' }),
  ]);
  expect(sent.length).toBe(mails);
  expect((await request('GET', `/api/complaints/${filed.id}`, anna)).body.answer).toBe('First.');
});

it.each([
  ['a blank answer', { answer: '   ' }, 422, 'complaint.blank'],
  ['an answer over the limit', { answer: 'x'.repeat(MAX_COMPLAINT_ANSWER + 1) }, 422, 'complaint.answer_too_long'],
  ['no answer', {}, 422, 'NOT_NULL'],
  ['an answer that is no text', { answer: 42 }, 422, 'INVALID_TYPE'],
])('refuses %s beside the field and leaves the complaint unanswered', async (_name, body, status, code) => {
  const filed = await file();
  const refused = await request('POST', `/api/admin/complaints/${filed.id}/answer`, ADMIN, body);
  expect(refused.status).toBe(status);
  expect(refused.body.violations).toEqual([expect.objectContaining({ propertyPath: 'answer', code })]);
  expect((await request('GET', `/api/complaints/${filed.id}`, anna)).body.status).toBe('submitted');
});

it('answers an unknown complaint with 404 and a malformed id with 400', async () => {
  expect((await request('POST', '/api/admin/complaints/999999/answer', ADMIN, { answer: 'Hello' })).status).toBe(404);
  expect((await request('POST', '/api/admin/complaints/abc/answer', ADMIN, { answer: 'Hello' })).status).toBe(400);
});

it('is for administrators only, like every /api/admin route', async () => {
  const filed = await file();
  const url = `/api/admin/complaints/${filed.id}/answer`;
  expect((await request('POST', url, anna, { answer: 'I answer myself.' })).status).toBe(403);
  expect((await request('POST', url, janis, { answer: 'Nope.' })).status).toBe(403);
  expect((await request('POST', url, {}, { answer: 'Anonymous.' })).status).toBe(401);
  expect((await request('POST', `/api/public/admin/complaints/${filed.id}/answer`, {}, { answer: 'x' })).status).toBe(
    401,
  );
  expect((await request('POST', `/api/%61dmin/complaints/${filed.id}/answer`, anna, { answer: 'x' })).status).toBe(403);
  expect((await request('GET', `/api/complaints/${filed.id}`, anna)).body.status).toBe('submitted');
  expect((await request('GET', `/api/admin/complaints/${filed.id}`, anna)).status).toBe(403);
  expect((await request('GET', `/api/admin/complaints/${filed.id}`, ADMIN)).body).toMatchObject({
    '@id': `/api/admin/complaints/${filed.id}`,
    fullName: 'Anna Bērziņa',
    refundIban: 'LV80BANK0000435195001',
    status: 'submitted',
  });
});

it('lets the back office read any complaint’s attachment, and nobody else through its route', async () => {
  const { payload, contentType } = await multipart(complaint, [{ name: 'receipt.pdf', bytes: pdf('receipt') }]);
  const filed = await testApp.app.inject({
    method: 'POST',
    url: '/api/complaints',
    headers: { ...anna, 'content-type': contentType },
    payload,
  });
  const { id, attachments } = filed.json();
  const url = `/api/admin/complaints/${id}/attachments/${attachments[0].id}`;
  const download = await testApp.app.inject({ method: 'GET', url, headers: ADMIN });
  expect(download.statusCode).toBe(200);
  expect(download.rawPayload.equals(pdf('receipt'))).toBe(true);
  expect((await request('GET', url, anna)).status).toBe(403);
  expect((await request('GET', url, {})).status).toBe(401);
});

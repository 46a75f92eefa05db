/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */

import { ANNOUNCEMENT_MESSAGES, BANNER_MESSAGES } from '@portal/shared-contracts/account';
import { ADMIN_ROLES, type AdminRole } from '@portal/shared-contracts/admin';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { accounts, userAccounts, users } from '../../../src/modules/identity/schema';
import { memoryMailer } from '../../../src/modules/notifications';
import { memorySmsSender } from '../../../src/sms';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { type Headers, requester, verifiedUser } from '../orders/order-fixtures';

// Issue 14 item 6 (the back office composes the post's announcements for private and/or company
// accounts and sends them once by e-mail, SMS and into the portal) and issue 13 item 5 (users see
// the ones for their accounts' types beside their status notifications, read and unread, with a count).

let testApp: TestApp;
const mailer = memoryMailer();
const sms = memorySmsSender();
const request = requester(() => testApp);

const withRole = (role: AdminRole) => bearer({ sub: `ann-${role}`, email: `ann-${role}@example.com` });
const EDITOR = withRole('content_editor');
const ADMIN = withRole('administrator');
const ORDINARY = bearer({ sub: 'ann-ordinary', email: 'ann-ordinary@example.com' });

const privateUser = verifiedUser('ann-private');
const companyUser = verifiedUser('ann-company');
const refusingUser = verifiedUser('ann-refusing');

const valid = {
  recipientGroups: ['private'],
  channels: ['email', 'sms', 'portal'],
  caption: 'Holiday opening hours',
  description: 'Post offices close at 15:00 on 23.12.2026.',
  content: 'On 24.12.2026 and 25.12.2026 post offices are closed.\n\nParcel lockers work as usual.',
  captionLv: 'Svētku darba laiks',
  descriptionLv: 'Pasta nodaļas 23.12.2026 slēdz 15:00.',
  contentLv: '24.12.2026 un 25.12.2026 pasta nodaļas ir slēgtas.\n\nPakomāti strādā kā parasti.',
};

async function userId(subject: string): Promise<number> {
  const [row] = await testApp.db.orm.select({ id: users.id }).from(users).where(eq(users.subject, subject));
  if (!row) throw new Error(`no user ${subject}`);
  return row.id;
}

/** A private account made through the API, with a phone and the consent as given. */
async function privateAccount(headers: Headers, subject: string, contact: Record<string, string>): Promise<number> {
  const created = await request('POST', '/api/accounts', headers, { type: 'private' });
  expect(created.status).toBe(201);
  const id = Number(
    String(created.body['@id'] ?? created.body.id)
      .split('/')
      .pop(),
  );
  await testApp.db.orm
    .update(accounts)
    .set({ email: `${subject}@example.com`, contact })
    .where(eq(accounts.id, id));
  return id;
}

/** A test's own caption gets its own Latvian caption (`<caption> (lv)`), so its messages are found by it. */
const compose = (body: unknown, headers: Headers = EDITOR) => {
  const fields = (body ?? {}) as Record<string, unknown>;
  const own =
    typeof fields.caption === 'string' && fields.caption !== valid.caption && fields.captionLv === valid.captionLv;
  return request(
    'POST',
    '/api/admin/notifications',
    headers,
    own ? { ...fields, captionLv: `${fields.caption} (lv)` } : body,
  );
};

beforeAll(async () => {
  testApp = await startTestApp({ modules: ['notifications'], mailer, sms });
  for (const role of ADMIN_ROLES) {
    await testApp.db.orm
      .insert(users)
      .values({ subject: `ann-${role}`, email: `ann-${role}@example.com`, adminRoles: [role] });
  }
  await privateAccount(privateUser, 'ann-private', { phonePrefix: '371', phone: '21234567', eNotifications: 'agree' });
  await privateAccount(refusingUser, 'ann-refusing', { phone: '29876543', eNotifications: 'disagree' });
  // A company account as the back office approves one (no API for that in this module).
  await request('POST', '/api/my-user', companyUser);
  const [company] = await testApp.db.orm
    .insert(accounts)
    .values({
      type: 'company',
      email: 'office@firma.example',
      companyName: 'Firma SIA',
      contact: { phone: '67000000' },
    })
    .returning({ id: accounts.id });
  await testApp.db.orm
    .insert(userAccounts)
    .values({ userId: await userId('ann-company'), accountId: company?.id ?? 0, role: 'MAIN_ADMIN' });
  // Starting PGlite and migrating took over a minute while other sessions loaded the two cores.
}, 180_000);
afterAll(() => testApp?.close());

describe('access', () => {
  // The whole /api/admin matrix is in audit/admin-roles.test.ts; here, the journey's own calls.
  it('lets content editors and administrators compose and send, nobody else', async () => {
    expect((await compose(valid, {})).status).toBe(401);
    expect((await compose(valid, ORDINARY)).status).toBe(403);
    for (const role of ADMIN_ROLES) {
      const answer = await compose(valid, withRole(role));
      const allowed = role === 'content_editor' || role === 'administrator';
      expect([role, answer.status]).toEqual([role, allowed ? 201 : 403]);
      if (allowed) {
        const sent = await request('POST', `/api/admin/notifications/${answer.body.id}/send`, withRole(role));
        expect([role, sent.status]).toEqual([role, 200]);
      }
    }
    // The users' list is for signed-in users only.
    expect((await request('GET', '/api/notifications')).status).toBe(401);
    expect((await request('GET', '/api/notifications/unread_count')).status).toBe(401);
  });
});

describe('composing', () => {
  it('refuses a notification to no group with a clear message beside the field', async () => {
    const answer = await compose({ ...valid, recipientGroups: [] });
    expect(answer.status).toBe(422);
    expect(answer.body.violations).toEqual([
      {
        propertyPath: 'recipientGroups',
        message: ANNOUNCEMENT_MESSAGES.noGroup,
        code: 'notification.no_recipient_group',
      },
    ]);
    expect(answer.body['hydra:description']).toContain(ANNOUNCEMENT_MESSAGES.noGroup);
  });

  it('says what else is wrong, field by field, and never answers 500 for bad input', async () => {
    const answer = await compose({
      recipientGroups: ['everyone'],
      channels: [],
      caption: ' ',
      content: 'x'.repeat(5001),
      captionLv: '',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.violations.map((one: { propertyPath: string }) => one.propertyPath)).toEqual([
      'recipientGroups',
      'channels',
      'caption',
      'description',
      'content',
      'captionLv',
      'descriptionLv',
      'contentLv',
    ]);
    for (const body of [null, [], 'text', { ...valid, extra: 1 }, { ...valid, caption: 5 }]) {
      expect([400, 422]).toContain((await compose(body)).status);
    }
    expect((await request('GET', '/api/admin/notifications?sort=name', EDITOR)).status).toBe(400);
    expect((await request('GET', '/api/admin/notifications?itemsPerPage=0', EDITOR)).status).toBe(400);
    expect((await request('GET', '/api/admin/notifications/abc', EDITOR)).status).toBe(400);
    expect((await request('GET', '/api/admin/notifications/999999', EDITOR)).status).toBe(404);
    expect((await request('POST', '/api/admin/notifications/999999/send', EDITOR)).status).toBe(404);
  });

  it('keeps an unsent notification changeable, and a sent one neither changeable nor sent again', async () => {
    const created = await compose({ ...valid, recipientGroups: ['company', 'private', 'company'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'unsent', sentAt: null, recipientGroups: ['private', 'company'] });
    const path = `/api/admin/notifications/${created.body.id}`;
    const changed = await request('PUT', path, EDITOR, { ...valid, caption: 'Changed caption' });
    expect(changed.body).toMatchObject({ caption: 'Changed caption', status: 'unsent' });
    expect((await request('POST', `${path}/send`, EDITOR)).body.status).toBe('sent');
    const again = await request('POST', `${path}/send`, EDITOR);
    expect(again.status).toBe(409);
    expect(again.body['hydra:description']).toBe(ANNOUNCEMENT_MESSAGES.alreadySent);
    expect((await request('PUT', path, EDITOR, valid)).status).toBe(409);
  });
});

/** The e-mails and text messages of one announcement (by its caption), once the send's queue has delivered them all. */
async function delivered(
  caption: string,
  counts: { emailCount: number; smsCount: number },
): Promise<{ mails: string[]; texts: { to: string; body: string }[] }> {
  for (let attempt = 0; attempt < 200; attempt++) {
    // The subject is Latvian / English; a text message is Latvian.
    const mails = mailer.sent.filter((raw) => raw.includes(`Subject: ${caption} (lv) / ${caption}`));
    const texts = sms.sent.filter((text) => text.body.startsWith(`${caption} (lv):`));
    if (mails.length >= counts.emailCount && texts.length >= counts.smsCount) return { mails, texts };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the announcement was not delivered');
}

const recipientOf = (raw: string) => /^To: (.*)$/m.exec(raw)?.[1];

describe('sending', () => {
  it('goes through the mailer and the SMS sender, to the chosen group only, never to who said disagree', async () => {
    const created = await compose({ ...valid, caption: 'Only for private senders' });
    const sent = await request('POST', `/api/admin/notifications/${created.body.id}/send`, EDITOR);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'sent', recipientGroups: ['private'] });
    expect(Date.parse(sent.body.sentAt)).not.toBeNaN();
    const { mails, texts } = await delivered('Only for private senders', sent.body);
    expect(mails).toHaveLength(sent.body.emailCount);
    expect(texts).toHaveLength(sent.body.smsCount);
    const mailedTo = mails.map(recipientOf);
    expect(mailedTo).toContain('ann-private@example.com');
    expect(mailedTo).not.toContain('ann-refusing@example.com');
    expect(mailedTo).not.toContain('office@firma.example');
    const mail = mails.find((raw) => raw.includes('To: ann-private@example.com')) ?? '';
    expect(mail).toContain('/notifications');
    // Both languages, Latvian first.
    expect(mail).toContain('Parcel lockers work as usual.');
    expect(mail.indexOf('Pakom')).toBeGreaterThan(0);
    expect(mail.indexOf('Pakom')).toBeLessThan(mail.indexOf('Parcel lockers work as usual.'));
    expect(texts).toContainEqual({
      to: '+37121234567',
      body: 'Only for private senders (lv): Pasta nodaļas 23.12.2026 slēdz 15:00.',
    });
    expect(texts.map((one) => one.to)).not.toContain('+37129876543');
    expect(texts.map((one) => one.to)).not.toContain('+37167000000');
  });

  it('sends by the chosen ways only: a company notice in the portal alone sends no e-mail or SMS', async () => {
    const created = await compose({
      ...valid,
      recipientGroups: ['company'],
      channels: ['portal'],
      caption: 'Company only',
    });
    const sent = await request('POST', `/api/admin/notifications/${created.body.id}/send`, ADMIN);
    expect(sent.body).toMatchObject({ status: 'sent', emailCount: 0, smsCount: 0 });
  });

  it('writes one audit row per change with who, what, before and after', async () => {
    const created = await compose({ ...valid, caption: 'Audited' });
    const path = `/api/admin/notifications/${created.body.id}`;
    await request('PUT', path, EDITOR, { ...valid, caption: 'Audited twice' });
    await request('POST', `${path}/send`, EDITOR);
    const trail = await request('GET', `/api/admin/audit?entityType=notification&entityId=${created.body.id}`, ADMIN);
    expect(trail.status).toBe(200);
    const editor = await userId('ann-content_editor');
    expect(trail.body['hydra:member']).toMatchObject([
      {
        method: 'POST',
        route: '/api/admin/notifications/:id/send',
        before: { status: 'unsent' },
        after: { status: 'sent' },
      },
      { method: 'PUT', before: { caption: 'Audited' }, after: { caption: 'Audited twice' } },
      {
        method: 'POST',
        route: '/api/admin/notifications',
        before: null,
        after: { caption: 'Audited', status: 'unsent' },
      },
    ]);
    for (const row of trail.body['hydra:member']) expect(row.user?.id ?? row.userId).toBe(editor);
  });
});

describe('the back office list and export', () => {
  it('pages, filters and sorts on the server', async () => {
    const unsent = await request('GET', '/api/admin/notifications?status=unsent&itemsPerPage=100', EDITOR);
    expect(unsent.status).toBe(200);
    expect(unsent.body['hydra:member'].every((one: { status: string }) => one.status === 'unsent')).toBe(true);
    const company = await request('GET', '/api/admin/notifications?recipientGroup=company&itemsPerPage=100', EDITOR);
    expect(company.body['hydra:member'].map((one: { caption: string }) => one.caption)).toContain('Company only');
    expect(
      company.body['hydra:member'].every((one: { recipientGroups: string[] }) =>
        one.recipientGroups.includes('company'),
      ),
    ).toBe(true);
    const page = await request(
      'GET',
      '/api/admin/notifications?itemsPerPage=2&page=2&sort=caption&direction=asc',
      EDITOR,
    );
    expect(page.body['hydra:member']).toHaveLength(2);
    expect(page.body['hydra:totalItems']).toBeGreaterThan(4);
    expect(page.body['hydra:view']['hydra:next']).toContain('page=3');
    const all = await request('GET', '/api/admin/notifications?itemsPerPage=100&sort=caption&direction=asc', EDITOR);
    const captions = all.body['hydra:member'].map((one: { caption: string }) => one.caption);
    expect(captions).toEqual([...captions].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('exports the filtered list as an XLSX workbook', async () => {
    await compose({ ...valid, caption: '=HYPERLINK("http://evil")' });
    const answer = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/notifications/export?lang=en&sort=createdAt&direction=desc',
      headers: EDITOR,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="notifications.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'No.',
      'Status',
      'Recipient groups',
      'Sent by',
      'Caption',
      'Description',
      'Content',
      'Created',
      'Sent at',
      'E-mails',
      'SMS',
    ]);
    const total = (await request('GET', '/api/admin/notifications', EDITOR)).body['hydra:totalItems'];
    expect(sheet?.rowCount).toBe(total + 1);
    // Newest first: the formula-looking caption is written as text, never as a formula.
    expect(sheet?.getRow(2).getCell(5).value).toBe('\'=HYPERLINK("http://evil")');
    expect(sheet?.getRow(2).getCell(2).value).toBe('unsent');
    expect(String(sheet?.getRow(2).getCell(8).value)).toMatch(/^\d{2}\.\d{2}\.\d{4} - \d{1,2}:\d{2}$/);
    const latvian = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/notifications/export',
      headers: EDITOR,
    });
    expect(latvian.headers['content-disposition']).toBe('attachment; filename="pazinojumi.xlsx"');
  });
});

describe("the user's notification list", () => {
  it("shows sent portal announcements for the user's account types, never unsent or other groups' ones", async () => {
    const draft = await compose({ ...valid, caption: 'Draft never shown' });
    expect(draft.status).toBe(201);
    const mailOnly = await compose({ ...valid, channels: ['email'], caption: 'Mail only' });
    await request('POST', `/api/admin/notifications/${mailOnly.body.id}/send`, EDITOR);

    const mine = await request('GET', '/api/notifications?itemsPerPage=100', privateUser);
    expect(mine.status).toBe(200);
    const captions = mine.body['hydra:member'].map((one: { caption?: string }) => one.caption);
    expect(captions).toContain('Only for private senders');
    expect(captions).not.toContain('Company only');
    expect(captions).not.toContain('Draft never shown');
    expect(captions).not.toContain('Mail only');
    expect(mine.body['hydra:member'][0]).toMatchObject({ '@type': 'Announcement', kind: 'announcement', readAt: null });

    const theirs = await request('GET', '/api/notifications?itemsPerPage=100', companyUser);
    const companyCaptions = theirs.body['hydra:member'].map((one: { caption?: string }) => one.caption);
    expect(companyCaptions).toContain('Company only');
    expect(companyCaptions).not.toContain('Only for private senders');
    // Both groups: every type sees it (the first test's "Holiday opening hours" went to private only).
    const both = await compose({ ...valid, recipientGroups: ['private', 'company'], caption: 'For everyone' });
    await request('POST', `/api/admin/notifications/${both.body.id}/send`, EDITOR);
    for (const user of [privateUser, companyUser]) {
      const list = await request('GET', '/api/notifications?itemsPerPage=1', user);
      expect(list.body['hydra:member'][0].caption).toBe('For everyone');
      expect(list.body['hydra:view']['hydra:next']).toContain('page=2');
    }
    // In the interface language: a Latvian reader gets the Latvian texts.
    const latvian = await request('GET', '/api/notifications?itemsPerPage=1', {
      ...privateUser,
      'accept-language': 'lv',
    });
    expect(latvian.body['hydra:member'][0]).toMatchObject({
      caption: 'For everyone (lv)',
      description: valid.descriptionLv,
      content: valid.contentLv,
    });
  });

  it('counts the unread ones and marks one read for this user only', async () => {
    const before = await request('GET', '/api/notifications/unread_count', privateUser);
    expect(before.status).toBe(200);
    expect(before.body.unread).toBeGreaterThan(0);
    expect(before.body.total).toBeGreaterThanOrEqual(before.body.unread);
    const first = (await request('GET', '/api/notifications?itemsPerPage=1', privateUser)).body['hydra:member'][0];
    const read = await request('POST', `/api/announcements/${first.id}/read`, privateUser, {});
    expect(read.status).toBe(200);
    expect(Date.parse(read.body.readAt)).not.toBeNaN();
    expect((await request('POST', `/api/announcements/${first.id}/read`, privateUser, {})).body.readAt).toBe(
      read.body.readAt,
    );
    const after = await request('GET', '/api/notifications/unread_count', privateUser);
    expect(after.body.unread).toBe(before.body.unread - 1);
    // The company user still has it unread.
    const theirs = (await request('GET', '/api/notifications?itemsPerPage=1', companyUser)).body['hydra:member'][0];
    expect(theirs).toMatchObject({ id: first.id, readAt: null });
  });

  it('answers 404 for an announcement not meant for the caller, unsent, or missing', async () => {
    const company = (await request('GET', '/api/admin/notifications?recipientGroup=company&status=sent', EDITOR)).body[
      'hydra:member'
    ].find((one: { recipientGroups: string[] }) => !one.recipientGroups.includes('private'));
    expect((await request('POST', `/api/announcements/${company.id}/read`, privateUser, {})).status).toBe(404);
    const draft = await compose(valid);
    expect((await request('POST', `/api/announcements/${draft.body.id}/read`, privateUser, {})).status).toBe(404);
    expect((await request('POST', '/api/announcements/999999/read', privateUser, {})).status).toBe(404);
    expect((await request('POST', '/api/announcements/abc/read', privateUser, {})).status).toBe(400);
  });
});

describe('the notification banner (content group)', () => {
  const lv = { 'accept-language': 'lv' };

  it('shows nothing until a content editor switches it on, then every visitor sees it in their language', async () => {
    const off = await request('GET', '/api/public/notification_banner', lv);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, text: null });

    // Switched on without both texts: refused beside the field.
    const refused = await request('PUT', '/api/admin/notification_banner', EDITOR, { active: true, textEn: 'Closed' });
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([
      { propertyPath: 'textLv', message: BANNER_MESSAGES.blankWhenActive, code: 'notification_banner.blank' },
    ]);
    expect((await request('PUT', '/api/admin/notification_banner', ORDINARY, { active: false })).status).toBe(403);
    expect((await request('PUT', '/api/admin/notification_banner', EDITOR, { active: 'yes' })).status).toBe(422);
    // An unknown field is refused (never stored, never a 500).
    const unknown = await request('PUT', '/api/admin/notification_banner', EDITOR, { active: false, extra: 1 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.violations.map((one: { propertyPath: string }) => one.propertyPath)).toContain('extra');

    const on = await request('PUT', '/api/admin/notification_banner', EDITOR, {
      active: true,
      textEn: ' Post offices close at 15:00 on 23.12.2026. ',
      textLv: 'Pasta nodaļas 23.12.2026 strādā līdz 15:00.',
    });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ active: true, textEn: 'Post offices close at 15:00 on 23.12.2026.' });
    const visitor = await request('GET', '/api/public/notification_banner', lv);
    expect(visitor.body).toEqual({
      '@type': 'NotificationBanner',
      active: true,
      text: 'Pasta nodaļas 23.12.2026 strādā līdz 15:00.',
    });
    expect(visitor.headers.vary).toBe('Accept-Language');
    expect((await request('GET', '/api/notification_banner', privateUser)).body.text).toBe(
      'Post offices close at 15:00 on 23.12.2026.',
    );

    const { textEn, textLv } = on.body;
    expect(
      (await request('PUT', '/api/admin/notification_banner', EDITOR, { active: false, textEn, textLv })).status,
    ).toBe(200);
    const trail = await request('GET', '/api/admin/audit?entityType=notification_banner', ADMIN);
    expect(trail.body['hydra:member']).toMatchObject([
      { method: 'PUT', before: { active: true }, after: { active: false } },
      { method: 'PUT', before: { active: false, textEn: '' }, after: { active: true } },
    ]);
    expect((await request('GET', '/api/public/notification_banner')).body).toMatchObject({ active: false, text: null });
  });
});

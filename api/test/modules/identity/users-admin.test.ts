/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import type { AdminRole } from '@portal/shared-contracts/admin';
import { and, eq } from 'drizzle-orm';
import { adminAudit } from '../../../src/modules/audit/schema';
import { users } from '../../../src/modules/identity/schema';
import { orders } from '../../../src/modules/orders/schema';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { completed, pressSandbox, requester, verifiedUser, workflowId } from '../orders/order-fixtures';

// Issue 13 item 3 and issue 14 item 2: company applications (filed by the user, approved or
// rejected by an administrator), the back office's users (list, show, edit, block) and the
// deletion of a whole profile (archived, refused from then on, paid orders kept).

let testApp: TestApp;
const request = requester(() => testApp);

async function staff(subject: string, role: AdminRole) {
  await testApp.db.orm.insert(users).values({ subject, email: `${subject}@example.com`, adminRoles: [role] });
  return bearer({ sub: subject, email: `${subject}@example.com`, identityVerified: true });
}

let administrator: Record<string, string>;
let customerService: Record<string, string>;
let administratorId: number;

beforeAll(async () => {
  testApp = await startTestApp();
  administrator = await staff('users-admin-administrator', 'administrator');
  customerService = await staff('users-admin-service', 'customer_service');
  const [row] = await testApp.db.orm.select().from(users).where(eq(users.subject, 'users-admin-administrator'));
  administratorId = row?.id ?? 0;
}, 60_000);
afterAll(() => testApp?.close());

const APPLICATION = {
  companyName: 'SIA Pieteikums',
  registrationNumber: '40003000001',
  vatNumber: 'LV40003000001',
  address: 'Brīvības iela 1, Rīga',
  email: 'office@pieteikums.example',
  phonePrefix: '371',
  phone: '67000000',
  iban: 'LV80 BANK 0000 4351 9500 1',
};

async function apply(headers: Record<string, string>, body: object = APPLICATION) {
  const answer = await request('POST', '/api/company_applications', headers, body);
  expect(answer.status).toBe(201);
  return answer.body;
}

async function userId(headers: Record<string, string>): Promise<number> {
  const answer = await request('POST', '/api/my-user', headers);
  expect(answer.status).toBe(200);
  return answer.body.id;
}

describe('company application: bad input', () => {
  it.each([
    ['10 characters', '4000300000'],
    ['12 characters', '400030000012'],
    ['symbols', '40003-00000'],
    ['spaces inside', '40003 00000'],
  ])('refuses a registration number of %s', async (_case, registrationNumber) => {
    const answer = await request('POST', '/api/company_applications', verifiedUser('bad-applicant'), {
      ...APPLICATION,
      registrationNumber,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.violations).toEqual([
      expect.objectContaining({
        propertyPath: 'registrationNumber',
        message: 'The registration number must have exactly 11 characters.',
        code: 'INVALID_REGISTRATION_NUMBER',
      }),
    ]);
  });

  it('names every missing or wrong field beside it', async () => {
    const answer = await request('POST', '/api/company_applications', verifiedUser('bad-applicant'), {
      companyName: ' ',
      registrationNumber: '',
      vatNumber: '12',
      email: 'nope',
      iban: 'LV00 0000',
    });
    expect(answer.status).toBe(422);
    const paths = answer.body.violations.map((item: { propertyPath: string }) => item.propertyPath).sort();
    expect(paths).toEqual(['address', 'companyName', 'email', 'iban', 'registrationNumber', 'vatNumber']);
  });

  it('answers 422, not 500, to a number where text belongs', async () => {
    const answer = await request('POST', '/api/company_applications', verifiedUser('bad-applicant'), {
      ...APPLICATION,
      registrationNumber: 40003000001,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.violations[0]).toMatchObject({ propertyPath: 'registrationNumber' });
  });
});

describe('company application: review', () => {
  it('an administrator approves it: the applicant becomes main administrator of the new company account', async () => {
    const applicant = verifiedUser('approved-applicant');
    const filed = await apply(applicant);
    expect(filed).toMatchObject({
      status: 'pending',
      registrationNumber: '40003000001',
      iban: 'LV80BANK0000435195001',
    });

    // Customer service sees the application but may not decide it.
    const listed = await request(
      'GET',
      '/api/admin/company_applications?status=pending&itemsPerPage=100',
      customerService,
    );
    expect(listed.status).toBe(200);
    expect(listed.body['hydra:member'].map((item: { id: number }) => item.id)).toContain(filed.id);
    expect((await request('POST', `/api/admin/company_applications/${filed.id}/approve`, customerService)).status).toBe(
      403,
    );
    // Nor may the applicant.
    expect((await request('POST', `/api/admin/company_applications/${filed.id}/approve`, applicant)).status).toBe(403);

    const approved = await request('POST', `/api/admin/company_applications/${filed.id}/approve`, administrator);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', accountId: expect.any(Number) });

    const me = await request('GET', '/api/my-user', applicant);
    const company = me.body.userAccounts.find(
      (link: { account: { id: number } }) => link.account.id === approved.body.accountId,
    );
    expect(company).toMatchObject({
      role: 'MAIN_ADMIN',
      account: {
        type: 'company',
        companyName: 'SIA Pieteikums',
        companyRegNr: '40003000001',
        email: 'office@pieteikums.example',
        contact: { phone: '67000000', address: 'Brīvības iela 1, Rīga', company: true },
      },
    });

    // Decided once: a second decision is refused.
    const again = await request('POST', `/api/admin/company_applications/${filed.id}/reject`, administrator);
    expect(again.status).toBe(422);
    expect(again.body.violations[0]).toMatchObject({ code: 'NOT_PENDING' });

    const [audit] = await testApp.db.orm
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityType, 'company_application'), eq(adminAudit.entityId, String(filed.id))));
    expect(audit).toMatchObject({
      userId: administratorId,
      before: { status: 'pending' },
      after: { status: 'approved' },
    });

    // The admin view of the applicant shows the account, added by the administrator.
    const shown = await request('GET', `/api/admin/users/${await userId(applicant)}`, customerService);
    expect(shown.status).toBe(200);
    expect(shown.body.userAccounts).toContainEqual(
      expect.objectContaining({
        clientId: approved.body.accountId,
        role: 'MAIN_ADMIN',
        registrationNumber: '40003000001',
        company: 'SIA Pieteikums',
        clientStatus: 'active',
        separateInvoice: false,
        addedBy: expect.objectContaining({ id: administratorId }),
      }),
    );
  });

  it('an administrator sets the contract number, separate invoice and client status of the account', async () => {
    const applicant = verifiedUser('contract-applicant');
    const filed = await apply(applicant, { ...APPLICATION, companyName: 'SIA Līgums' });
    const { accountId } = (await request('POST', `/api/admin/company_applications/${filed.id}/approve`, administrator))
      .body;
    const body = { contractNumber: ' L-2026-7 ', separateInvoice: true, isActive: false };
    expect((await request('PATCH', `/api/admin/accounts/${accountId}`, customerService, body)).status).toBe(403);
    const edited = await request('PATCH', `/api/admin/accounts/${accountId}`, administrator, body);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ contractNumber: 'L-2026-7', separateInvoice: true, clientStatus: 'inactive' });
    const shown = await request('GET', `/api/admin/users/${await userId(applicant)}`, administrator);
    expect(shown.body.userAccounts).toContainEqual(
      expect.objectContaining({
        clientId: accountId,
        contractNumber: 'L-2026-7',
        separateInvoice: true,
        clientStatus: 'inactive',
      }),
    );
    const [audit] = await testApp.db.orm
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityType, 'account'), eq(adminAudit.entityId, String(accountId))));
    expect(audit).toMatchObject({
      before: { contractNumber: null, clientStatus: 'active' },
      after: { contractNumber: 'L-2026-7' },
    });
    const bad = await request('PATCH', `/api/admin/accounts/${accountId}`, administrator, {
      separateInvoice: 'yes',
      owner: 1,
    });
    expect(bad.status).toBe(422);
    expect((await request('PATCH', '/api/admin/accounts/999999', administrator, {})).status).toBe(404);
  });

  it('a rejected application creates no account', async () => {
    const applicant = verifiedUser('rejected-applicant');
    const filed = await apply(applicant, { ...APPLICATION, companyName: 'SIA Noraidīts' });
    const rejected = await request('POST', `/api/admin/company_applications/${filed.id}/reject`, administrator);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', accountId: null });
    const me = await request('GET', '/api/my-user', applicant);
    expect(
      me.body.userAccounts.filter((link: { account: { type: string } }) => link.account.type === 'company'),
    ).toEqual([]);
  });

  it('answers 404 for an application that does not exist and 400 for a malformed id', async () => {
    expect((await request('POST', '/api/admin/company_applications/999999/approve', administrator)).status).toBe(404);
    expect((await request('POST', '/api/admin/company_applications/abc/approve', administrator)).status).toBe(400);
  });
});

describe('the back office user list', () => {
  it('searches, filters, sorts and pages on the server', async () => {
    for (const name of ['Zelma', 'Zane', 'Zigrīda']) {
      await request(
        'POST',
        '/api/my-user',
        bearer({
          sub: `zlist-${name}`,
          email: `${name.toLowerCase()}@zlist.example`,
          given_name: name,
          family_name: 'Zlistiņa',
        }),
      );
    }
    const page1 = await request(
      'GET',
      '/api/admin/users?search=zlist&order[email]=asc&itemsPerPage=2',
      customerService,
    );
    expect(page1.status).toBe(200);
    expect(page1.body['hydra:totalItems']).toBe(3);
    expect(page1.body['hydra:member'].map((user: { email: string }) => user.email)).toEqual([
      'zane@zlist.example',
      'zelma@zlist.example',
    ]);
    const page2 = await request(
      'GET',
      '/api/admin/users?search=zlist&order[email]=asc&itemsPerPage=2&page=2',
      customerService,
    );
    expect(page2.body['hydra:member'].map((user: { email: string }) => user.email)).toEqual(['zigrīda@zlist.example']);
    const byName = await request('GET', '/api/admin/users?search=ZANE%20ZLIST', customerService);
    expect(byName.body['hydra:member']).toHaveLength(1);
  });

  it('refuses unknown query parameters and values with 400', async () => {
    expect((await request('GET', '/api/admin/users?status=gone', administrator)).status).toBe(400);
    expect((await request('GET', '/api/admin/users?order[password]=asc', administrator)).status).toBe(400);
    expect((await request('GET', '/api/admin/users?itemsPerPage=1000', administrator)).status).toBe(400);
  });
});

describe('editing and blocking a user', () => {
  it('an administrator edits and blocks; the blocked user cannot call the API until unblocked', async () => {
    const person = verifiedUser('to-be-blocked');
    const id = await userId(person);
    // Customer service may read, not change.
    expect((await request('PATCH', `/api/admin/users/${id}`, customerService, { blocked: true })).status).toBe(403);

    const edited = await request('PATCH', `/api/admin/users/${id}`, administrator, {
      lastName: 'Bloķētā',
      blocked: true,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ lastName: 'Bloķētā', status: 'blocked' });

    for (const url of ['/api/my-user', '/api/contacts', '/api/orders']) {
      const refused = await request('GET', url, person);
      expect([url, refused.status]).toEqual([url, 403]);
      expect(refused.body['hydra:description']).toBe('Your user is blocked. Contact customer support.');
    }
    const listed = await request('GET', '/api/admin/users?status=blocked&search=to-be-blocked', administrator);
    expect(listed.body['hydra:member'].map((user: { id: number }) => user.id)).toEqual([id]);

    expect((await request('PATCH', `/api/admin/users/${id}`, administrator, { blocked: false })).status).toBe(200);
    expect((await request('GET', '/api/my-user', person)).status).toBe(200);

    const rows = await testApp.db.orm
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityType, 'user'), eq(adminAudit.entityId, String(id))));
    expect(rows.map((row) => [row.before?.status, row.after?.status])).toEqual([
      ['active', 'blocked'],
      ['blocked', 'active'],
    ]);
  });

  it('refuses a bad edit with violations beside the fields', async () => {
    const id = await userId(verifiedUser('badly-edited'));
    const answer = await request('PATCH', `/api/admin/users/${id}`, administrator, { firstName: 'A1', blocked: 'yes' });
    expect(answer.status).toBe(422);
    expect(answer.body.violations.map((item: { propertyPath: string }) => item.propertyPath).sort()).toEqual([
      'blocked',
      'firstName',
    ]);
    expect((await request('GET', '/api/admin/users/999999', administrator)).status).toBe(404);
  });
});

describe('deleting the whole profile', () => {
  it('archives it, keeps paid orders for the post, and refuses the person from then on', async () => {
    const person = verifiedUser('leaving-profile');
    const account = await request('POST', '/api/accounts', person, { type: 'private' });
    expect(account.status).toBe(201);
    const workflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
    const unpaid = (await request('POST', '/api/orders', person, completed(workflow))).body;
    const paid = (await request('POST', '/api/orders', person, completed(workflow))).body;
    const started = await request('POST', `${paid['@id']}/payments`, person, {});
    expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);

    // A company shared with a colleague stays, and the colleague becomes its main administrator.
    const filed = await apply(person, { ...APPLICATION, companyName: 'SIA Kopīgā' });
    const company = (await request('POST', `/api/admin/company_applications/${filed.id}/approve`, administrator)).body;
    const colleague = verifiedUser('staying-colleague');
    await userId(colleague);
    const added = await request('POST', `/api/accounts/${company.accountId}/user_accounts`, person, {
      email: 'staying-colleague@example.com',
      role: 'USER',
    });
    expect(added.status).toBe(201);

    const id = await userId(person);
    expect((await request('DELETE', `/api/users/${id}`, colleague)).status).toBe(404);
    expect((await request('DELETE', `/api/users/${id}`, person)).status).toBe(204);

    expect((await request('GET', '/api/my-user', person)).status).toBe(403);
    expect((await request('GET', '/api/my-user', person)).body['hydra:description']).toBe(
      'This profile has been deleted.',
    );
    const [unpaidRow] = await testApp.db.orm.select().from(orders).where(eq(orders.key, unpaid.key));
    expect(unpaidRow).toBeUndefined();
    const [paidRow] = await testApp.db.orm.select().from(orders).where(eq(orders.key, paid.key));
    expect(paidRow?.archivedAt).toBeInstanceOf(Date);

    const shared = await request('GET', `/api/accounts/${company.accountId}`, colleague);
    expect(shared.status).toBe(200);
    expect(shared.body.userAccounts).toEqual([
      expect.objectContaining({
        role: 'MAIN_ADMIN',
        ownerUser: expect.objectContaining({ email: 'staying-colleague@example.com' }),
      }),
    ]);

    const archive = await request('GET', '/api/admin/archive/deleted_profiles?itemsPerPage=100', customerService);
    expect(archive.status).toBe(200);
    expect(archive.body['hydra:member']).toContainEqual(
      expect.objectContaining({ id, email: 'leaving-profile@example.com', status: 'deleted' }),
    );
    // The paid order is under the archive's orders, with who created it; the unpaid one is not.
    const archivedOrders = await request('GET', '/api/admin/archive/orders?itemsPerPage=100', customerService);
    expect(archivedOrders.status).toBe(200);
    const archivedIds = archivedOrders.body['hydra:member'].map((order: { id: number }) => order.id);
    expect(archivedIds).toContain(paidRow?.id);
    expect(archivedOrders.body['hydra:member'].find((order: { id: number }) => order.id === paidRow?.id)).toMatchObject(
      {
        status: 'paid',
        user: { id, email: 'leaving-profile@example.com' },
        totalCents: expect.any(Number),
        archivedAt: expect.any(String),
      },
    );
    expect((await request('GET', '/api/admin/archive/orders?page=0', customerService)).status).toBe(400);

    // A deleted profile is not unblocked back into use by an edit.
    expect((await request('PATCH', `/api/admin/users/${id}`, administrator, { blocked: false })).status).toBe(422);
  });
});

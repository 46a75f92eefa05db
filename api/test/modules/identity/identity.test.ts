/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { NO_QUERY } from '../../../src/http/route-schemas';
import { accounts, companyApplications, userAccounts, users } from '../../../src/modules/identity/schema';
import { bearer, foreignKey, signToken, startTestApp, type TestApp } from '../../helpers';

let testApp: TestApp;
beforeAll(async () => {
  // An admin route of some other module, registered after the identity module.
  testApp = await startTestApp({
    extend: (app) => {
      app.get('/api/admin/ping', { schema: { querystring: NO_QUERY } }, async () => ({ ok: true }));
      // The gateway's catch-all of its pages, which hands unknown /api paths to the not-found handler.
      app.get('/*', (_request, reply) => reply.callNotFound());
    },
  });
}, 60_000);
afterAll(() => testApp?.close());

type Headers = Record<string, string>;
const request = async (method: InjectOptions['method'], url: string, headers: Headers = {}, body?: unknown) => {
  const response = await testApp.app.inject({
    method,
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
};

// Identity-verified callers skip the bot check, so the access rules are tested without it.
const verified = (sub: string, extra: Record<string, unknown> = {}) =>
  bearer({
    sub,
    email: `${sub}@example.com`,
    given_name: 'Test',
    family_name: 'User',
    identityVerified: true,
    amr: ['smartid'],
    ...extra,
  });

async function solvedBotCheck(): Promise<string> {
  const { body: challenge } = await request('GET', '/api/public/bot-check/challenge');
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function verifiedBotCheck(headers: Headers = {}): Promise<string> {
  const token = await solvedBotCheck();
  expect((await request('POST', '/api/recaptcha-verify', headers, { token })).status).toBe(200);
  return token;
}

/** Provisions the caller as the shell does after sign-in (POST /api/my-user) and answers the user. */
async function myUser(headers: Headers) {
  const { status, body } = await request('POST', '/api/my-user', headers);
  expect(status).toBe(200);
  return body;
}

describe('bearer tokens', () => {
  const UNAUTHORIZED = 'Full authentication is required to access this resource.';
  it.each([
    ['expired', () => signToken({ sub: 'someone' }, { expiresIn: -120 })],
    ['signed by another key', () => signToken({ sub: 'someone' }, { key: foreignKey() })],
    ['from another issuer', () => signToken({ sub: 'someone' }, { issuer: 'https://evil.test' })],
    ['for another audience', () => signToken({ sub: 'someone' }, { audience: 'other-api' })],
    ['tampered with', () => `${signToken({ sub: 'someone' }).slice(0, -4)}AAAA`],
    ['not a JWT', () => 'test-token'],
    ['without a subject', () => signToken({ sub: '' })],
  ])('answers 401 to a token %s', async (_case, token) => {
    const { status, body } = await request('GET', '/api/my-user', { authorization: `Bearer ${token()}` });
    expect(status).toBe(401);
    expect(body['hydra:description']).toBe(UNAUTHORIZED);
  });

  it('has no public twin for personal data', async () => {
    expect((await request('GET', '/api/public/my-user')).status).toBe(404);
  });
});

describe('GET and POST /api/my-user', () => {
  const countUsers = async (subject: string) =>
    (await testApp.db.orm.select({ id: users.id }).from(users).where(eq(users.subject, subject))).length;

  it('GET answers 404 USER_NOT_PROVISIONED to a sign-in never provisioned, and creates no user', async () => {
    const headers = bearer({ sub: 'never-provisioned', email: 'never@example.com', given_name: 'Ieva' });
    const { status, body } = await request('GET', '/api/my-user', headers);
    expect(status).toBe(404);
    expect(body).toMatchObject({ '@type': 'hydra:Error', status: 404 });
    expect(body.violations).toEqual([{ propertyPath: '', message: expect.any(String), code: 'USER_NOT_PROVISIONED' }]);
    expect((await request('GET', '/api/my-user', headers)).status).toBe(404);
    expect(await countUsers('never-provisioned')).toBe(0);
  });

  it('POST provisions once: twice is the same user, and the GET then answers what the POST did', async () => {
    const headers = bearer({
      sub: 'post-twice',
      email: 'twice@example.com',
      given_name: 'Anna',
      family_name: 'Bērziņa',
    });
    const first = await request('POST', '/api/my-user', headers);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ email: 'twice@example.com', firstName: 'Anna', lastName: 'Bērziņa' });
    const second = await request('POST', '/api/my-user', headers);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(await countUsers('post-twice')).toBe(1);
    const read = await request('GET', '/api/my-user', headers);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(second.body);
  });

  it('POST takes a new e-mail claim but keeps a name the person changed in the portal', async () => {
    const claims = { sub: 'claims-change', email: 'old@example.com', given_name: 'Old', identityVerified: true };
    const user = await myUser(bearer(claims));
    const renamed = await request('PATCH', `/api/users/${user.id}`, bearer(claims), { firstName: 'Chosen' });
    expect(renamed.status).toBe(200);
    const again = await myUser(bearer({ ...claims, email: 'new@example.com', given_name: 'Token' }));
    expect(again).toMatchObject({ id: user.id, email: 'new@example.com', firstName: 'Chosen' });
  });

  it('a write that needs an existing user does not provision one (PATCH of a user id is 404)', async () => {
    const headers = bearer({ sub: 'write-unknown', identityVerified: true });
    expect((await request('PATCH', '/api/users/1', headers, { firstName: 'Anna' })).status).toBe(404);
    expect(await countUsers('write-unknown')).toBe(0);
  });

  it('POST is refused to anonymous callers and has no public twin', async () => {
    expect((await request('POST', '/api/my-user')).status).toBe(401);
    expect((await request('POST', '/api/public/my-user')).status).toBe(404);
  });

  it('provisions the user on the first POST from the token claims', async () => {
    const headers = bearer({
      sub: 'first-call',
      email: 'first@example.com',
      given_name: 'Līga',
      family_name: 'Ozola',
      amr: ['pwd'],
    });
    const user = await myUser(headers);
    expect(user).toMatchObject({
      '@id': `/api/users/${user.id}`,
      email: 'first@example.com',
      firstName: 'Līga',
      lastName: 'Ozola',
      isAdmin: false,
      adminRoles: [],
      identityVerified: false,
      authMethods: ['password'],
      userAccounts: [],
    });
    // A second call finds the same user and adds the new sign-in method.
    const again = await myUser(bearer({ sub: 'first-call', identityVerified: true, amr: ['smartid'] }));
    expect(again).toMatchObject({
      id: user.id,
      email: 'first@example.com',
      identityVerified: true,
      authMethods: ['password', 'smartid'],
    });
  });

  it('seeds the demo users with the company account and the admin flag', async () => {
    const company = await myUser(bearer({ sub: 'dev-company' }));
    expect(company.userAccounts).toEqual([
      expect.objectContaining({
        role: 'MAIN_ADMIN',
        account: expect.objectContaining({
          type: 'company',
          companyName: 'SIA Demo Company',
          contractNumber: 'DEMO-0001',
          separateInvoice: false,
          branches: [
            { id: expect.any(Number), name: 'Head office', address: 'Brīvības iela 1, Rīga, LV-1010' },
            { id: expect.any(Number), name: 'Warehouse', address: 'Krasta iela 2, Rīga, LV-1003' },
          ],
          userAccounts: [
            expect.objectContaining({
              role: 'MAIN_ADMIN',
              ownerUser: expect.objectContaining({ email: 'janis@example.com', firstName: 'Jānis', lastName: 'Ozols' }),
            }),
          ],
        }),
      }),
    ]);
    expect(await myUser(bearer({ sub: 'dev-admin' }))).toMatchObject({ isAdmin: true, adminRoles: ['administrator'] });
  });
});

describe('POST /api/accounts', () => {
  it('creates the one private account with the default phone prefix, and refuses a second', async () => {
    const headers = bearer({ sub: 'one-private', email: 'one@example.com' });
    const created = await request('POST', '/api/accounts', headers, { type: 'private', email: 'one@example.com' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'private',
      email: 'one@example.com',
      contact: { phonePrefix: '371', phone: null, company: false },
      userAccounts: [
        expect.objectContaining({
          role: 'MAIN_ADMIN',
          ownerUser: expect.objectContaining({ email: 'one@example.com' }),
        }),
      ],
    });
    const second = await request('POST', '/api/accounts', headers, { type: 'private' });
    expect(second.status).toBe(422);
    expect(second.body.violations).toEqual([
      { propertyPath: 'type', message: 'Only one private account is allowed.', code: 'ONE_PRIVATE_ACCOUNT' },
    ]);
    expect((await myUser(headers)).userAccounts).toHaveLength(1);
  });

  it('sends company accounts to the application form', async () => {
    const { status, body } = await request('POST', '/api/accounts', verified('wants-company'), { type: 'company' });
    expect(status).toBe(422);
    expect(body.violations[0]).toMatchObject({
      propertyPath: 'type',
      message: 'A company account is added through the application form.',
    });
  });

  it('needs no bot check (SPEC §7)', async () => {
    expect((await request('POST', '/api/accounts', bearer({ sub: 'no-bot-check' }), { type: 'private' })).status).toBe(
      201,
    );
  });

  it('is refused to anonymous callers', async () => {
    expect((await request('POST', '/api/accounts', {}, { type: 'private' })).status).toBe(401);
    expect((await request('POST', '/api/public/accounts', {}, { type: 'private' })).status).toBe(404);
  });
});

describe('access matrix over the account and user endpoints', () => {
  const owner = verified('matrix-owner');
  const other = verified('matrix-other');
  const member = verified('matrix-member');
  const admin = verified('dev-admin');
  let accountId: number;
  let ownerId: number;
  let companyId: number;

  beforeAll(async () => {
    accountId = (await request('POST', '/api/accounts', owner, { type: 'private' })).body.id;
    ownerId = (await myUser(owner)).id;
    await myUser(other);
    const memberId = (await myUser(member)).id;
    const companyOwnerId = (await myUser(verified('dev-company'))).id;
    // A company account with its main administrator and one ordinary member.
    const [company] = await testApp.db.orm
      .insert(accounts)
      .values({ type: 'company', email: 'co@example.com', companyName: 'SIA Matrix' })
      .returning();
    companyId = company?.id ?? 0;
    await testApp.db.orm.insert(userAccounts).values([
      { userId: companyOwnerId, accountId: companyId, role: 'MAIN_ADMIN' },
      { userId: memberId, accountId: companyId, role: 'USER' },
    ]);
  });

  const callers = (): [string, Headers, 'owner' | 'member' | 'other' | 'anonymous' | 'admin'][] => [
    ['anonymous', {}, 'anonymous'],
    ['the owner', owner, 'owner'],
    ['another user', other, 'other'],
    ['a company member', member, 'member'],
    ['an administrator', admin, 'admin'],
  ];

  it.each([
    ['anonymous', 401],
    ['owner', 200],
    ['another user', 404],
    ['company member', 404],
    ['admin', 404],
  ])('GET /api/accounts/{private id} as %s → %i (the same 404 as a missing id)', async (who, expected) => {
    const headers = callers().find(([name, , kind]) => name.includes(who) || kind === who)?.[1] ?? {};
    expect((await request('GET', `/api/accounts/${accountId}`, headers)).status).toBe(expected);
  });

  it('answers each caller on each endpoint as the rules say', async () => {
    const results: Record<string, Record<string, number>> = {};
    for (const [name, headers] of callers()) {
      results[name] = {
        'GET account': (await request('GET', `/api/accounts/${accountId}`, headers)).status,
        'PATCH account': (
          await request('PATCH', `/api/accounts/${accountId}`, headers, {
            contact: { address: 'Brīvības iela 1, Rīga' },
          })
        ).status,
        'GET company': (await request('GET', `/api/accounts/${companyId}`, headers)).status,
        'PATCH company': (
          await request('PATCH', `/api/accounts/${companyId}`, headers, {
            contact: { address: 'Elizabetes iela 2, Rīga' },
          })
        ).status,
        'DELETE company': (await request('DELETE', `/api/accounts/${companyId}`, headers)).status,
        'PATCH user': (await request('PATCH', `/api/users/${ownerId}`, headers, { firstName: 'Anna' })).status,
        'GET missing account': (await request('GET', '/api/accounts/999999', headers)).status,
        'PATCH missing user': (await request('PATCH', '/api/users/999999', headers, { firstName: 'Anna' })).status,
      };
    }
    expect(results).toEqual({
      anonymous: {
        'GET account': 401,
        'PATCH account': 401,
        'GET company': 401,
        'PATCH company': 401,
        'DELETE company': 401,
        'PATCH user': 401,
        'GET missing account': 401,
        'PATCH missing user': 401,
      },
      'the owner': {
        'GET account': 200,
        'PATCH account': 200,
        'GET company': 404,
        'PATCH company': 404,
        'DELETE company': 404,
        'PATCH user': 200,
        'GET missing account': 404,
        'PATCH missing user': 404,
      },
      'another user': {
        'GET account': 404,
        'PATCH account': 404,
        'GET company': 404,
        'PATCH company': 404,
        'DELETE company': 404,
        'PATCH user': 404,
        'GET missing account': 404,
        'PATCH missing user': 404,
      },
      // A member reads and changes the company account; only its main administrator deletes it.
      'a company member': {
        'GET account': 404,
        'PATCH account': 404,
        'GET company': 200,
        'PATCH company': 200,
        'DELETE company': 403,
        'PATCH user': 404,
        'GET missing account': 404,
        'PATCH missing user': 404,
      },
      'an administrator': {
        'GET account': 404,
        'PATCH account': 404,
        'GET company': 404,
        'PATCH company': 404,
        'DELETE company': 404,
        'PATCH user': 404,
        'GET missing account': 404,
        'PATCH missing user': 404,
      },
    });
  });

  it('lets the main administrator delete, and the links go with the account', async () => {
    const mainAdmin = verified('dev-company');
    expect((await request('DELETE', `/api/accounts/${companyId}`, mainAdmin)).status).toBe(204);
    expect((await request('GET', `/api/accounts/${companyId}`, mainAdmin)).status).toBe(404);
    expect((await myUser(member)).userAccounts).toEqual([]);
  });

  it('lets the owner delete the private account and create a new one afterwards', async () => {
    expect((await request('DELETE', `/api/accounts/${accountId}`, owner)).status).toBe(204);
    expect((await myUser(owner)).userAccounts).toEqual([]);
    expect((await request('POST', '/api/accounts', owner, { type: 'private' })).status).toBe(201);
  });
});

describe('PATCH /api/users/{id} and /api/accounts/{id}: validation', () => {
  const caller = verified('validating');
  let userId: number;
  let accountId: number;
  beforeAll(async () => {
    accountId = (await request('POST', '/api/accounts', caller, { type: 'private' })).body.id;
    userId = (await myUser(caller)).id;
  });

  it.each([
    ['Anna', 'Bērziņa-Ozola'],
    ["D'Arcy", 'St. John'],
    ['Jānis', "O'Brien"],
  ])('accepts the names %s %s', async (firstName, lastName) => {
    const { status, body } = await request('PATCH', `/api/users/${userId}`, caller, { firstName, lastName });
    expect(status).toBe(200);
    expect(body).toMatchObject({ firstName, lastName });
  });

  it.each([
    ['firstName', 'Anna2'],
    ['firstName', 'Анна'],
    ['lastName', 'Smith_Jones'],
    ['lastName', 'A'],
    ['lastName', '<script>'],
  ])('refuses %s %j with a violation on that field', async (field, value) => {
    const { status, body } = await request('PATCH', `/api/users/${userId}`, caller, { [field]: value });
    expect(status).toBe(422);
    expect(body.violations.map((violation: { propertyPath: string }) => violation.propertyPath)).toEqual([field]);
  });

  it('stores the contact, keeping what the patch leaves out', async () => {
    const first = await request('PATCH', `/api/accounts/${accountId}`, caller, {
      email: 'contact@example.com',
      contact: { phonePrefix: '371', address: 'Brīvības iela 1, Rīga', eNotifications: 'agree' },
    });
    expect(first.status).toBe(200);
    const second = await request('PATCH', `/api/accounts/${accountId}`, caller, {
      contact: { returnParcelLocker: 'Rīga, Origo' },
    });
    expect(second.body).toMatchObject({
      email: 'contact@example.com',
      contact: {
        phonePrefix: '371',
        phone: null,
        address: 'Brīvības iela 1, Rīga',
        returnParcelLocker: 'Rīga, Origo',
        eNotifications: 'agree',
      },
    });
  });

  // SPEC §4 Phone change: only with the SMS code (phone-change.test.ts); the stored number may be sent back as it is.
  it.each([
    [{ phonePrefix: '371', phone: '61234567' }],
    [{ phonePrefix: '370', phone: '61234567' }],
    [{ phone: '29999999' }],
  ])('refuses to change the phone to %j without a code', async (contact) => {
    const { status, body } = await request('PATCH', `/api/accounts/${accountId}`, caller, { contact });
    expect(status).toBe(422);
    expect(body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'contact.phone', code: 'PHONE_NEEDS_VERIFICATION' }),
    ]);
  });

  it.each([[{ phonePrefix: '371', phone: null }], [{ phone: '' }], [{ phonePrefix: '371' }]])(
    'accepts the unchanged phone %j',
    async (contact) => {
      expect((await request('PATCH', `/api/accounts/${accountId}`, caller, { contact })).status).toBe(200);
    },
  );

  it.each([
    [{ phonePrefix: '371', phone: '2123 4567' }, 'contact.phone', 'This value should contain digits only.'],
    [{ phonePrefix: '+371', phone: '21234567' }, 'contact.phonePrefix', 'This value should contain digits only.'],
    [
      { phonePrefix: '371', phone: '31234567' },
      'contact.phone',
      'A Latvian phone number has 8 digits and starts with 2 or 6.',
    ],
    [
      { phonePrefix: '371', phone: '212345678' },
      'contact.phone',
      'A Latvian phone number has 8 digits and starts with 2 or 6.',
    ],
    [{ phone: '2123456' }, 'contact.phone', 'A Latvian phone number has 8 digits and starts with 2 or 6.'],
    [
      { phonePrefix: '370', phone: '21234567' },
      'contact.phone',
      "The phone number does not match the prefix's country.",
    ],
    [{ phonePrefix: '999', phone: '21234567' }, 'contact.phone', 'This phone prefix does not belong to any country.'],
    [{ phonePrefix: '371', phone: '2123' }, 'contact.phone', 'The phone number is too short.'],
    [{ eNotifications: 'maybe' }, 'contact.eNotifications', 'Choose agree or disagree.'],
  ])('refuses the contact %j on %s', async (contact, path, message) => {
    const { status, body } = await request('PATCH', `/api/accounts/${accountId}`, caller, { contact });
    expect(status).toBe(422);
    expect(body.violations).toEqual([expect.objectContaining({ propertyPath: path, message })]);
  });

  it.each(['not-an-email', 'a@b', 'anna@example.com extra'])('refuses the e-mail %j', async (email) => {
    const { status, body } = await request('PATCH', `/api/accounts/${accountId}`, caller, { email });
    expect(status).toBe(422);
    expect(body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'email', message: 'This value is not a valid email address.' }),
    ]);
  });

  it('refuses fields it does not know', async () => {
    const { status, body } = await request('PATCH', `/api/users/${userId}`, caller, { isAdmin: true });
    expect(status).toBe(422);
    expect(body.violations[0]).toMatchObject({ propertyPath: 'isAdmin', code: 'UNEXPECTED_FIELD' });
  });
});

describe('company application', () => {
  it('stores the application as pending', async () => {
    const caller = verified('applicant');
    const { status, body } = await request('POST', '/api/company_applications', caller, {
      companyName: 'SIA Pieteikums',
      registrationNumber: '40000000000',
      vatNumber: 'LV40000000000',
      email: 'office@example.com',
      phonePrefix: '371',
      phone: '67000000',
      address: 'Rīga',
      iban: 'LV80BANK0000435195001',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ companyName: 'SIA Pieteikums', status: 'pending' });
    const rows = await testApp.db.orm.select().from(companyApplications).where(eq(companyApplications.id, body.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses an application with bad fields', async () => {
    const { status, body } = await request('POST', '/api/company_applications', verified('applicant'), {
      companyName: 'S',
      registrationNumber: '!!',
      email: 'nope',
      phone: '123',
    });
    expect(status).toBe(422);
    expect(body.violations.map((violation: { propertyPath: string }) => violation.propertyPath).sort()).toEqual([
      'address',
      'email',
      'iban',
      'phone',
      'registrationNumber',
    ]);
  });
});

describe('admin routes of any module', () => {
  it.each([
    ['anonymous', {}, 401],
    ['a signed-in user', verified('not-admin'), 403],
    ['a company main administrator', verified('dev-company'), 403],
    ['an administrator', verified('dev-admin'), 200],
  ])('answer %s with %i', async (_who, headers, expected) => {
    expect((await request('GET', '/api/admin/ping', headers as Headers)).status).toBe(expected);
  });

  it('are guarded on the route the router chose, so an encoded URL meets the same check', async () => {
    for (const url of ['/api/%61dmin/ping', '/api/%61%64%6d%69%6e/ping', '/api/admin/%70ing']) {
      expect((await request('GET', url)).status).toBe(401);
      expect((await request('GET', url, verified('not-admin'))).status).toBe(403);
      expect((await request('GET', url, verified('dev-admin'))).status).toBe(200);
    }
    expect((await request('HEAD', '/api/%61dmin/ping', verified('not-admin'))).status).toBe(403);
  });

  it('have no public twin and hide unknown admin paths from non-admins', async () => {
    expect((await request('GET', '/api/public/admin/ping')).status).toBe(401);
    // Anonymous callers meet the same 401 on an unknown admin path as on a known one (issue 36).
    expect((await request('GET', '/api/admin/unknown')).status).toBe(401);
    expect((await request('POST', '/api/admin/unknown/deeper', {}, {})).status).toBe(401);
    expect((await request('GET', '/api/admin/unknown', verified('not-admin'))).status).toBe(403);
    expect((await request('GET', '/api/admin/unknown', verified('dev-admin'))).status).toBe(404);
    expect((await request('GET', '/api/%61dmin/unknown', verified('not-admin'))).status).toBe(403);
    expect((await request('GET', '/api/public/%61dmin/ping')).status).toBe(401);
  });
});

describe('bot check on writes', () => {
  const caller = bearer({ sub: 'unverified', email: 'unverified@example.com', amr: ['pwd'] });
  let userId: number;
  beforeAll(async () => {
    userId = (await myUser(caller)).id;
  });

  it('hands out a signed proof-of-work challenge', async () => {
    const { status, body } = await request('GET', '/api/public/bot-check/challenge');
    expect(status).toBe(200);
    expect(body).toMatchObject({ parameters: { algorithm: 'SHA-256' }, signature: expect.any(String) });
  });

  it('refuses a write without a bot check from a user without identityVerified', async () => {
    const { status, body } = await request('PATCH', `/api/users/${userId}`, caller, { firstName: 'Anna' });
    expect(status).toBe(403);
    expect(body['hydra:description']).toBe('A bot check is required for this request.');
  });

  it('accepts a verified solution once, and refuses its replay', async () => {
    const token = await verifiedBotCheck(caller);
    const headers = { ...caller, 'x-bot-check': token };
    expect((await request('PATCH', `/api/users/${userId}`, headers, { firstName: 'Anna' })).status).toBe(200);
    const replay = await request('PATCH', `/api/users/${userId}`, headers, { firstName: 'Anna' });
    expect(replay.status).toBe(403);
    expect(replay.body['hydra:description']).toBe('The bot check failed. Please try again.');
  });

  it('refuses a solution that was never verified, and a second verification of one', async () => {
    const token = await solvedBotCheck();
    expect(
      (await request('PATCH', `/api/users/${userId}`, { ...caller, 'x-bot-check': token }, { firstName: 'Anna' }))
        .status,
    ).toBe(403);
    expect((await request('POST', '/api/public/recaptcha-verify', {}, { token })).status).toBe(200);
    expect((await request('POST', '/api/public/recaptcha-verify', {}, { token })).status).toBe(400);
  });

  it('refuses a wrong or forged solution', async () => {
    const { body: challenge } = await request('GET', '/api/public/bot-check/challenge');
    const forged = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00' } })).toString(
      'base64',
    );
    expect((await request('POST', '/api/recaptcha-verify', caller, { token: forged })).status).toBe(400);
    expect((await request('POST', '/api/recaptcha-verify', caller, { token: 'garbage' })).status).toBe(400);
    expect((await request('POST', '/api/recaptcha-verify', caller, {})).status).toBe(422);
  });

  it('lets identity-verified users write without it', async () => {
    const verifiedCaller = bearer({ sub: 'unverified', identityVerified: true, amr: ['smartid'] });
    expect((await request('PATCH', `/api/users/${userId}`, verifiedCaller, { firstName: 'Anna' })).status).toBe(200);
  });
});

describe('users table', () => {
  it('keeps one row per subject', async () => {
    const rows = await testApp.db.orm.select().from(users).where(eq(users.subject, 'first-call'));
    expect(rows).toHaveLength(1);
  });
});

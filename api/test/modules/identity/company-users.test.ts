/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { accountBranches, accounts, userAccounts } from '../../../src/modules/identity/schema';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { botCheckHeader, type Headers, requester, verifiedUser } from '../orders/order-fixtures';

// SPEC §3 Account (users, branches), §6 Company account: only a main administrator of the company
// adds and removes its users; the account keeps one main administrator.

let testApp: TestApp;
const request = requester(() => testApp);

const mainAdmin = verifiedUser('company-main-admin');
const member = verifiedUser('company-member');
const outsider = verifiedUser('company-outsider');
const newcomer = verifiedUser('company-newcomer');
let companyId: number;
let memberLinkId: number;
let adminLinkId: number;

const userId = async (headers: Headers) => (await request('POST', '/api/my-user', headers)).body.id as number;
const usersPath = (id = companyId) => `/api/accounts/${id}/user_accounts`;

beforeAll(async () => {
  testApp = await startTestApp({ modules: ['identity'] });
  const [adminId, memberId] = [await userId(mainAdmin), await userId(member)];
  await userId(outsider);
  await userId(newcomer);
  const [company] = await testApp.db.orm
    .insert(accounts)
    .values({
      type: 'company',
      email: 'office@company.test',
      companyName: 'SIA Users',
      contractNumber: 'C-42',
      separateInvoice: true,
    })
    .returning();
  companyId = company?.id ?? 0;
  const links = await testApp.db.orm
    .insert(userAccounts)
    .values([
      { userId: adminId, accountId: companyId, role: 'MAIN_ADMIN' },
      { userId: memberId, accountId: companyId, role: 'USER' },
    ])
    .returning();
  adminLinkId = links[0]?.id ?? 0;
  memberLinkId = links[1]?.id ?? 0;
  await testApp.db.orm.insert(accountBranches).values({ accountId: companyId, name: 'Riga', address: 'Brīvības 1' });
}, 60_000);
afterAll(() => testApp?.close());

describe("a company account's page", () => {
  it('shows its users with roles and names, branches, contract number and separate-invoice flag to members', async () => {
    const { status, body } = await request('GET', `/api/accounts/${companyId}`, member);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      type: 'company',
      contractNumber: 'C-42',
      separateInvoice: true,
      branches: [{ name: 'Riga', address: 'Brīvības 1' }],
      userAccounts: [
        {
          id: adminLinkId,
          role: 'MAIN_ADMIN',
          ownerUser: { email: 'company-main-admin@example.com', firstName: 'Test' },
        },
        { id: memberLinkId, role: 'USER', ownerUser: { email: 'company-member@example.com' } },
      ],
    });
    expect((await request('GET', `/api/accounts/${companyId}`, outsider)).status).toBe(404);
  });
});

describe('adding and removing users', () => {
  it('answers each caller as the rules say: only the main administrator changes the users', async () => {
    const add = (headers: Headers) => request('POST', usersPath(), headers, { email: 'company-newcomer@example.com' });
    expect((await add({})).status).toBe(401);
    expect((await add(outsider)).status).toBe(404);
    expect((await add(member)).status).toBe(403);
    expect((await request('DELETE', `${usersPath()}/${memberLinkId}`, member)).status).toBe(403);
    expect((await request('DELETE', `${usersPath()}/${adminLinkId}`, outsider)).status).toBe(404);
    expect((await request('POST', `/api/public/accounts/${companyId}/user_accounts`, {}, {})).status).toBe(404);
  });

  it('adds a registered user by e-mail (any case) as an ordinary user, who then sees the account', async () => {
    const added = await request('POST', usersPath(), mainAdmin, { email: 'Company-Newcomer@Example.com' });
    expect(added.status).toBe(201);
    const link = added.body.userAccounts.find(
      (item: { ownerUser: { email: string } }) => item.ownerUser.email === 'company-newcomer@example.com',
    );
    expect(link).toMatchObject({ role: 'USER' });
    const mine = (await request('GET', '/api/my-user', newcomer)).body;
    expect(mine.userAccounts.map((item: { account: { id: number } }) => item.account.id)).toContain(companyId);

    const again = await request('POST', usersPath(), mainAdmin, { email: 'company-newcomer@example.com' });
    expect(again.status).toBe(422);
    expect(again.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'email', message: 'This user already belongs to the account.' }),
    ]);

    const removed = await request('DELETE', `${usersPath()}/${link.id}`, mainAdmin);
    expect(removed.status).toBe(204);
    expect((await request('GET', `/api/accounts/${companyId}`, newcomer)).status).toBe(404);
  });

  it.each([
    [{ email: 'nobody-here@example.com' }, 'email', 'USER_NOT_FOUND'],
    [{ email: 'not-an-email' }, 'email', 'INVALID_FORMAT'],
    [{ email: 'company-newcomer@example.com', role: 'OWNER' }, 'role', 'INVALID_VALUE'],
    [{}, 'email', 'NOT_NULL'],
    [{ email: 'company-newcomer@example.com', admin: true }, 'admin', 'UNEXPECTED_FIELD'],
  ])('refuses %j with a violation on %s', async (body, path, code) => {
    const answer = await request('POST', usersPath(), mainAdmin, body);
    expect(answer.status).toBe(422);
    expect(answer.body.violations).toEqual([expect.objectContaining({ propertyPath: path, code })]);
  });

  it('adds a second main administrator, and keeps the last one', async () => {
    const added = await request('POST', usersPath(), mainAdmin, {
      email: 'company-newcomer@example.com',
      role: 'MAIN_ADMIN',
    });
    expect(added.status).toBe(201);
    // The new main administrator removes the first one; then nobody can remove the last.
    expect((await request('DELETE', `${usersPath()}/${adminLinkId}`, newcomer)).status).toBe(204);
    const newcomerLink = (await request('GET', `/api/accounts/${companyId}`, newcomer)).body.userAccounts.find(
      (item: { role: string }) => item.role === 'MAIN_ADMIN',
    );
    const last = await request('DELETE', `${usersPath()}/${newcomerLink.id}`, newcomer);
    expect(last.status).toBe(422);
    expect(last.body.violations).toEqual([
      expect.objectContaining({ message: 'The account must keep at least one main administrator.' }),
    ]);
    expect((await request('POST', usersPath(), mainAdmin, { email: 'company-outsider@example.com' })).status).toBe(404);
  });

  it("does not remove a link of another account through this one's path", async () => {
    const ownAccount = (await request('POST', '/api/accounts', outsider, { type: 'private' })).body;
    const answer = await request('DELETE', `${usersPath()}/${ownAccount.userAccounts[0].id}`, newcomer);
    expect(answer.status).toBe(404);
    expect((await request('GET', `/api/accounts/${ownAccount.id}`, outsider)).status).toBe(200);
  });

  it('adds users to company accounts only', async () => {
    const privateAccount = (await request('POST', '/api/accounts', member, { type: 'private' })).body;
    const answer = await request('POST', usersPath(privateAccount.id), member, {
      email: 'company-outsider@example.com',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.violations).toEqual([expect.objectContaining({ code: 'COMPANY_ONLY' })]);
  });

  it('asks a main administrator without a verified identity for the bot check', async () => {
    const unverified = bearer({ sub: 'company-unverified', email: 'company-unverified@example.com' });
    const id = await userId(unverified);
    const [company] = await testApp.db.orm
      .insert(accounts)
      .values({ type: 'company', companyName: 'SIA Bot' })
      .returning();
    await testApp.db.orm.insert(userAccounts).values({ userId: id, accountId: company?.id ?? 0, role: 'MAIN_ADMIN' });
    const body = { email: 'company-member@example.com' };
    expect((await request('POST', usersPath(company?.id), unverified, body)).status).toBe(403);
    const checked = { ...unverified, ...(await botCheckHeader(() => testApp)) };
    expect((await request('POST', usersPath(company?.id), checked, body)).status).toBe(201);
  });
});

/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Principal } from '../../../src/auth';
import { contactGroupMembers, contactGroups, contacts } from '../../../src/modules/address-book/schema';
import { apiKeys } from '../../../src/modules/api-keys/schema';
import { ebayAccounts } from '../../../src/modules/ebay/schema';
import { DomainEvents, type EventPublisher } from '../../../src/modules/events';
import { domainEvents } from '../../../src/modules/events/schema';
import { savedHsCodes } from '../../../src/modules/hs-codes/schema';
import { IdentityService } from '../../../src/modules/identity';
import { accounts, userAccounts } from '../../../src/modules/identity/schema';
import { earliestRetryAt, JOB_POLICIES, type JobKind } from '../../../src/modules/jobs';
import type { Mailer, MailMessage } from '../../../src/modules/notifications';
import { notificationSettings } from '../../../src/modules/notifications/schema';
import { webhookEndpoints } from '../../../src/modules/webhooks/schema';
import { drainJobs, startTestApp, type TestApp } from '../../helpers';
import { type Headers, requester, verifiedUser } from '../orders/order-fixtures';

// Issue 37 item 2: identity publishes `account.deleted` (and `profile.deleted`) in the deletion's
// own transaction; the consumers (composition/background.ts) run as jobs of their own kinds with
// the retry policies of JOB_POLICIES: the confirming e-mail, a deleted profile's eBay links.

/** Keeps what was sent; fails the next `failNext` sends as a mail server that is down would. */
const sent: MailMessage[] = [];
let failNext = 0;
const mailer: Mailer = {
  description: 'test mailbox',
  async send(message) {
    if (failNext > 0) {
      failNext -= 1;
      throw new Error('the mail server is down');
    }
    sent.push(message);
  },
};

let testApp: TestApp;
const request = requester(() => testApp);

beforeAll(async () => {
  testApp = await startTestApp({ mailer });
}, 60_000);
afterAll(() => testApp?.close());

async function signedUp(sub: string): Promise<{ headers: Headers; userId: number; accountId: number }> {
  const headers = verifiedUser(sub);
  const account = await request('POST', '/api/accounts', headers, { type: 'private' });
  expect(account.status).toBe(201);
  const user = await request('GET', '/api/my-user', headers);
  return { headers, userId: user.body.id, accountId: account.body.id };
}

/** A linked eBay account of the user, with its (sealed, here made-up) tokens. */
async function linkedEbayAccount(userId: number): Promise<number> {
  const [row] = await testApp.db.orm
    .insert(ebayAccounts)
    .values({ userId, name: 'My shop', status: 'linked', accessToken: 'sealed-access', refreshToken: 'sealed-refresh' })
    .returning({ id: ebayAccounts.id });
  return row?.id ?? -1;
}

/** A company account the user is the main administrator of (what approving an application makes). */
async function companyOf(userId: number, name: string): Promise<number> {
  const [row] = await testApp.db.orm
    .insert(accounts)
    .values({ type: 'company', companyName: name, companyRegNr: '40000000000', email: 'office@example.com' })
    .returning({ id: accounts.id });
  const companyId = row?.id ?? -1;
  await testApp.db.orm.insert(userAccounts).values({ userId, accountId: companyId, role: 'MAIN_ADMIN' });
  return companyId;
}

/**
 * The deletion events of these accounts and these profiles. An account and a user may have the same
 * number (their own sequences), so each id is looked for with its own event type.
 */
const deletionEventsOf = (accountIds: (number | string)[], userIds: (number | string)[] = []) =>
  testApp.db.orm
    .select()
    .from(domainEvents)
    .where(
      or(
        and(eq(domainEvents.type, 'account.deleted'), inArray(domainEvents.aggregateId, accountIds.map(String))),
        userIds.length > 0
          ? and(eq(domainEvents.type, 'profile.deleted'), inArray(domainEvents.aggregateId, userIds.map(String)))
          : undefined,
      ),
    )
    .orderBy(domainEvents.type);

/** The jobs of a consumer's kind that carry this event. */
async function jobsFor(kind: JobKind, eventId: string) {
  const jobs = await testApp.app.jobEngine.jobsOf(kind);
  return jobs.filter((job) => (job.data as { event?: { id: string } }).event?.id === eventId);
}

const DELETION_CONSUMERS = ['notifications.account-deleted', 'ebay.profile-deleted', 'webhooks.events'] as const;

async function jobCounts(eventId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const kind of DELETION_CONSUMERS) counts[kind] = (await jobsFor(kind, eventId)).length;
  return counts;
}

const DISPLAY_DATE = /\d{2}\.\d{2}\.\d{4}/;

describe('DELETE /api/accounts/{id}', () => {
  it('publishes one `account.deleted` with the deletion, of ids only; its e-mail goes once, and the user keeps their eBay links', async () => {
    const owner = await signedUp('deleted-account-owner');
    const ebayAccount = await linkedEbayAccount(owner.userId);

    expect((await request('DELETE', `/api/accounts/${owner.accountId}`, owner.headers)).status).toBe(204);

    const [event, ...more] = await deletionEventsOf([String(owner.accountId)]);
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({ type: 'account.deleted', aggregateId: String(owner.accountId) });
    expect(event?.payload).toEqual({
      accountId: owner.accountId,
      kind: 'private',
      deletedAt: event?.occurredAt.toISOString(),
      deletedBy: { userId: owner.userId },
      withProfile: false,
    });
    // No personal data in what the outbox and the jobs keep for days: no e-mail, no name.
    expect(JSON.stringify(event?.payload)).not.toMatch(/@|Test|User/);
    expect(await jobCounts(event?.id ?? '')).toEqual({
      'notifications.account-deleted': 1,
      'ebay.profile-deleted': 0,
      'webhooks.events': 0,
    });

    const before = sent.length;
    await drainJobs(testApp);
    const mails = sent.slice(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toBe('deleted-account-owner@example.com');
    // No language chosen: Latvian first, English below it.
    expect(mail?.subject).toBe('Jūsu konts ir dzēsts / Your account has been deleted');
    expect(mail?.text).toContain(`Jūsu privātais konts Nr. ${owner.accountId} pasta portālā tika dzēsts`);
    expect(mail?.text).toContain(`Your private account no. ${owner.accountId} on the postal portal was deleted on`);
    expect(mail?.text).toMatch(DISPLAY_DATE);
    expect((await jobsFor('notifications.account-deleted', event?.id ?? ''))[0]?.state).toBe('completed');

    // eBay links are the user's (the profile page's), not the account's: they stay with the user.
    expect(await testApp.db.orm.select().from(ebayAccounts).where(eq(ebayAccounts.id, ebayAccount))).toHaveLength(1);
    // Delivered once: nothing more runs, no second e-mail.
    await drainJobs(testApp, { includeDelayed: true });
    expect(sent.length).toBe(before + 1);
  });

  it('leaves nothing of a company account in any table: every per-account row goes with it', async () => {
    const owner = await signedUp('deleted-company-owner');
    const companyId = await companyOf(owner.userId, 'Deleted Company SIA');
    const { orm } = testApp.db;
    const [contact] = await orm
      .insert(contacts)
      .values({
        accountId: companyId,
        name: 'Anna Bērziņa',
        countryCode: 'LV',
        searchText: 'anna berzina',
        duplicateKey: 'anna berzina|lv',
      })
      .returning({ id: contacts.id });
    const [group] = await orm
      .insert(contactGroups)
      .values({ accountId: companyId, name: 'Clients' })
      .returning({ id: contactGroups.id });
    await orm.insert(contactGroupMembers).values({ groupId: group?.id ?? -1, contactId: contact?.id ?? -1 });
    await orm.insert(apiKeys).values({
      accountId: companyId,
      name: 'Shop',
      scopes: ['ship'],
      publicId: '0123456789abcdef',
      keyHash: 'a'.repeat(64),
      createdByUserId: owner.userId,
    });
    await orm.insert(savedHsCodes).values({ accountId: companyId, code: '610910', description: 'T-shirts' });
    await orm
      .insert(webhookEndpoints)
      .values({ accountId: companyId, url: 'https://shop.example.com/hook', events: ['order.paid'], secret: 's' });

    // Every table with an account column (whichever module's), and how many of its rows are this account's.
    const held = async () => {
      const tables = (await orm.execute(sql`
        select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'account_id' order by table_name`)) as unknown as {
        rows: { table_name: string }[];
      };
      const counts: Record<string, number> = {};
      for (const { table_name } of tables.rows) {
        const counted = (await orm.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where account_id = ${companyId}`,
        )) as unknown as { rows: { n: number }[] };
        if (counted.rows[0]?.n) counts[table_name] = counted.rows[0].n;
      }
      return counts;
    };
    // The scan sees what was written (the address book's per-country count is kept by a trigger).
    expect(await held()).toEqual({
      address_book_contact_counts: 1,
      address_book_contacts: 1,
      address_book_groups: 1,
      api_keys: 1,
      saved_hs_codes: 1,
      user_accounts: 1,
      webhook_endpoints: 1,
    });

    expect((await request('DELETE', `/api/accounts/${companyId}`, owner.headers)).status).toBe(204);
    expect(await held()).toEqual({});
    const [event] = await deletionEventsOf([String(companyId)]);
    expect(event?.payload).toMatchObject({ accountId: companyId, kind: 'company', withProfile: false });
    // The account's webhook endpoints went with it, so no webhook is told: the webhooks do not hear it.
    expect(await jobCounts(event?.id ?? '')).toMatchObject({ 'webhooks.events': 0 });
    const before = sent.length;
    await drainJobs(testApp);
    expect(sent.slice(before).map((mail) => mail.text)).toEqual([
      expect.stringContaining(`Your company account no. ${companyId}`),
    ]);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('publishes `account.deleted` for the account only the user held and `profile.deleted`; eBay links and notification data go, one e-mail in the chosen language', async () => {
    const person = await signedUp('deleted-profile');
    const shared = await companyOf(person.userId, 'Shared SIA');
    const other = await signedUp('deleted-profile-colleague');
    await testApp.db.orm.insert(userAccounts).values({ userId: other.userId, accountId: shared, role: 'USER' });
    const settings = await request('PUT', `/api/users/${person.userId}/notification_settings`, person.headers, {
      language: 'lv',
      statuses: ['delivered'],
    });
    expect(settings.status).toBe(200);
    await linkedEbayAccount(person.userId);
    await linkedEbayAccount(person.userId);
    const colleagueEbay = await linkedEbayAccount(other.userId);

    expect((await request('DELETE', `/api/users/${person.userId}`, person.headers)).status).toBe(204);

    const events = await deletionEventsOf([person.accountId, shared], [person.userId]);
    expect(events.map((event) => [event.type, event.aggregateId])).toEqual([
      ['account.deleted', String(person.accountId)],
      ['profile.deleted', String(person.userId)],
    ]);
    const [accountDeleted, profileDeleted] = events;
    expect(accountDeleted?.payload).toMatchObject({ withProfile: true, deletedBy: { userId: person.userId } });
    expect(profileDeleted?.payload).toEqual({
      userId: person.userId,
      deletedAt: profileDeleted?.occurredAt.toISOString(),
      deletedAccountIds: [person.accountId],
    });
    // One e-mail, the profile's: the account's event of a profile's deletion gets no mail job.
    expect(await jobCounts(accountDeleted?.id ?? '')).toEqual({
      'notifications.account-deleted': 0,
      'ebay.profile-deleted': 0,
      'webhooks.events': 0,
    });
    expect(await jobCounts(profileDeleted?.id ?? '')).toEqual({
      'notifications.account-deleted': 1,
      'ebay.profile-deleted': 1,
      'webhooks.events': 0,
    });

    const before = sent.length;
    await drainJobs(testApp);
    const mails = sent.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('deleted-profile@example.com');
    // Latvian only, as the person chose.
    expect(mails[0]?.subject).toBe('Jūsu profils ir dzēsts');
    expect(mails[0]?.text).not.toContain('Your profile');
    expect(mails[0]?.text).toMatch(DISPLAY_DATE);
    const { orm } = testApp.db;
    expect(await orm.select().from(ebayAccounts).where(eq(ebayAccounts.userId, person.userId))).toHaveLength(0);
    expect(await orm.select().from(ebayAccounts).where(eq(ebayAccounts.id, colleagueEbay))).toHaveLength(1);
    expect(
      await orm.select().from(notificationSettings).where(eq(notificationSettings.userId, person.userId)),
    ).toHaveLength(0);
    for (const kind of ['notifications.account-deleted', 'ebay.profile-deleted'] as const) {
      expect((await jobsFor(kind, profileDeleted?.id ?? ''))[0]?.state).toBe('completed');
    }
    await drainJobs(testApp, { includeDelayed: true });
    expect(sent.length).toBe(before + 1);
  });
});

describe('a deletion rolled back', () => {
  const principalOf = (sub: string): Principal => ({
    accessToken: 'unused',
    subject: sub,
    email: `${sub}@example.com`,
    givenName: null,
    familyName: null,
    identityVerified: true,
    authMethods: [],
    scopes: [],
    accountId: null,
  });

  /** Identity whose deletion fails after publishing, in its transaction: the event must go with it. */
  function failingIdentity() {
    const outbox = new DomainEvents(testApp.app.jobEngine);
    const events: EventPublisher = {
      async publish(tx, published) {
        await outbox.publish(tx, published);
        throw new Error('the deletion failed after publishing');
      },
      committed: () => outbox.committed(),
    };
    return new IdentityService(testApp.db.orm, { events });
  }

  it('writes no event, runs no consumer and deletes nothing, for an account and for a profile', async () => {
    const owner = await signedUp('rolled-back-owner');
    const identity = failingIdentity();
    const before = sent.length;

    await expect(identity.deleteAccount(principalOf('rolled-back-owner'), owner.accountId)).rejects.toThrow(
      'after publishing',
    );
    await expect(identity.deleteProfile(principalOf('rolled-back-owner'), owner.userId, new Date())).rejects.toThrow(
      'after publishing',
    );

    expect(await deletionEventsOf([owner.accountId], [owner.userId])).toHaveLength(0);
    expect(await testApp.db.orm.select().from(accounts).where(eq(accounts.id, owner.accountId))).toHaveLength(1);
    expect((await request('GET', '/api/my-user', owner.headers)).status).toBe(200);
    await drainJobs(testApp, { includeDelayed: true });
    expect(sent.length).toBe(before);
  });
});

// Last: it leaves a job retried.
describe('a failing consumer', () => {
  it('is tried again as its policy says, alone, and delivers once', async () => {
    const owner = await signedUp('deleted-while-mail-down');
    failNext = 1;
    const before = new Date();
    expect((await request('DELETE', `/api/accounts/${owner.accountId}`, owner.headers)).status).toBe(204);
    const [event] = await deletionEventsOf([String(owner.accountId)]);
    const sentBefore = sent.length;

    await drainJobs(testApp);
    expect(sent.length).toBe(sentBefore);
    const [job] = await jobsFor('notifications.account-deleted', event?.id ?? '');
    const policy = JOB_POLICIES['notifications.account-deleted'];
    expect(await testApp.app.jobEngine.job('notifications.account-deleted', job?.id ?? '')).toMatchObject({
      state: 'retry',
      retryLimit: policy.retryLimit,
    });
    // Not before the policy's first delay (pg-boss' jitter adds up to as much again).
    expect(job?.startAfter.getTime()).toBeGreaterThanOrEqual(
      earliestRetryAt('notifications.account-deleted', 0, before).getTime(),
    );
    expect(job?.startAfter.getTime()).toBeLessThanOrEqual(Date.now() + 2 * policy.retryDelaySeconds * 1000 + 1000);

    // Not due yet: nothing runs; once its back-off has passed it runs again, and the e-mail goes once.
    expect(await drainJobs(testApp)).toBe(0);
    expect(await drainJobs(testApp, { includeDelayed: true })).toBe(1);
    expect(sent.slice(sentBefore).map((mail) => mail.to)).toEqual(['deleted-while-mail-down@example.com']);
    expect((await testApp.app.jobEngine.job('notifications.account-deleted', job?.id ?? ''))?.state).toBe('completed');
  });
});

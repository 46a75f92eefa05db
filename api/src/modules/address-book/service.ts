import {
  ADDRESS_BOOK_CODES,
  ADDRESS_BOOK_MESSAGES,
  type ContactGroupResource,
  type ContactGroupWrite,
  type ContactResource,
  type ContactWrite,
  foldForSearch,
} from '@portal/shared-contracts/address-book';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql, sum } from 'drizzle-orm';
import type { Orm } from '../../db';
import { ApiError, invalidInput, notFound } from '../../http/problem';
import { type ContactValues, checkContact } from './contact-values';
import type { ContactListQuery, GroupListQuery } from './model';
import { contactCounts, contactGroupMembers, contactGroups, contacts } from './schema';

export type ContactRow = typeof contacts.$inferSelect;

const SORT_COLUMNS = {
  name: sql`lower(${contacts.name})`,
  companyName: sql`lower(${contacts.companyName})`,
  city: sql`lower(${contacts.city})`,
  countryCode: contacts.countryCode,
  createdAt: contacts.createdAt,
} as const;

/** Contacts and groups of one account's book; every method takes the account the caller acts for. */
export class AddressBookService {
  constructor(private readonly orm: Orm) {}

  async listContacts(
    accountId: number,
    query: ContactListQuery,
  ): Promise<{ members: ContactResource[]; total: number }> {
    const conditions: SQL[] = [eq(contacts.accountId, accountId)];
    const words = foldForSearch(query.search ?? '')
      .split(/\s+/)
      .filter(Boolean);
    for (const word of words) {
      conditions.push(sql`${contacts.searchText} like ${`%${escapeLike(word)}%`} escape '\\'`);
    }
    if (query.countryCode) conditions.push(eq(contacts.countryCode, query.countryCode));
    if (query.group) {
      conditions.push(
        inArray(
          contacts.id,
          this.orm
            .select({ id: contactGroupMembers.contactId })
            .from(contactGroupMembers)
            .where(eq(contactGroupMembers.groupId, query.group)),
        ),
      );
    }
    const where = and(...conditions);
    const page = { limit: query.itemsPerPage, offset: (query.page - 1) * query.itemsPerPage };
    // The book and a country have counters; a search or a group counts its matches.
    const { rows, total } =
      words.length > 0 || query.group !== undefined
        ? await this.pageOfMatches(where, orderOf(query, true), page)
        : await Promise.all([
            this.orm
              .select()
              .from(contacts)
              .where(where)
              .orderBy(...orderOf(query), asc(contacts.id))
              .limit(page.limit)
              .offset(page.offset),
            this.countBook(accountId, query.countryCode),
          ]).then(([found, counted]) => ({ rows: found, total: counted }));
    return { members: await this.withGroups(rows), total };
  }

  /**
   * A page of a search (or group) and how many match, in one statement: the matches are found once
   * (the trigram index), counted and sorted (`order` from `orderOf(query, true)`), instead of a
   * count plus a walk of the name index that the planner may choose for a rare combination of
   * words (issue 12 bench on PGlite: two words 111 → 25 ms).
   */
  private async pageOfMatches(
    where: SQL | undefined,
    order: SQL[],
    page: { limit: number; offset: number },
  ): Promise<{ rows: ContactRow[]; total: number }> {
    const found = await this.orm
      .select({ contact: contacts, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(contacts)
      .where(where)
      .orderBy(...order, asc(contacts.id))
      .limit(page.limit)
      .offset(page.offset);
    if (found.length > 0 || page.offset === 0) {
      return { rows: found.map((row) => row.contact), total: found[0]?.total ?? 0 };
    }
    // A page past the end has no row to carry the count.
    const [counted] = await this.orm.select({ total: count() }).from(contacts).where(where);
    return { rows: [], total: counted?.total ?? 0 };
  }

  /**
   * The whole book, or its contacts of one country: read from the counters the contacts table's
   * triggers keep (migration 0016), not counted row by row (a book of 100,000: 30-50 ms a page).
   */
  private async countBook(accountId: number, countryCode: string | undefined): Promise<number> {
    const [counted] = await this.orm
      .select({ total: sum(contactCounts.contacts).mapWith(Number) })
      .from(contactCounts)
      .where(
        and(
          eq(contactCounts.accountId, accountId),
          countryCode ? eq(contactCounts.countryCode, countryCode) : undefined,
        ),
      );
    return counted?.total ?? 0;
  }

  async getContact(accountId: number, id: number): Promise<ContactResource> {
    const [resource] = await this.withGroups([await this.contactRow(accountId, id)]);
    return resource as ContactResource;
  }

  async createContact(accountId: number, body: ContactWrite): Promise<ContactResource> {
    const values = this.checked(body);
    const groupIds = await this.ownGroups(accountId, body.groupIds);
    await this.refuseDuplicate(accountId, values.duplicateKey, null);
    const id = await uniqueOrConflict(() =>
      this.orm.transaction(async (tx) => {
        const [created] = await tx
          .insert(contacts)
          .values({ ...values, accountId })
          .returning({ id: contacts.id });
        const contactId = (created as { id: number }).id;
        if (groupIds.length > 0) {
          await tx.insert(contactGroupMembers).values(groupIds.map((groupId) => ({ contactId, groupId })));
        }
        return contactId;
      }),
    );
    return this.getContact(accountId, id);
  }

  async updateContact(accountId: number, id: number, body: ContactWrite): Promise<ContactResource> {
    await this.contactRow(accountId, id);
    const values = this.checked(body);
    const groupIds = body.groupIds === undefined ? undefined : await this.ownGroups(accountId, body.groupIds);
    await this.refuseDuplicate(accountId, values.duplicateKey, id);
    await uniqueOrConflict(() =>
      this.orm.transaction(async (tx) => {
        await tx
          .update(contacts)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(contacts.id, id), eq(contacts.accountId, accountId)));
        if (groupIds !== undefined) {
          await tx.delete(contactGroupMembers).where(eq(contactGroupMembers.contactId, id));
          if (groupIds.length > 0) {
            await tx.insert(contactGroupMembers).values(groupIds.map((groupId) => ({ contactId: id, groupId })));
          }
        }
      }),
    );
    return this.getContact(accountId, id);
  }

  async deleteContact(accountId: number, id: number): Promise<void> {
    const deleted = await this.orm
      .delete(contacts)
      .where(and(eq(contacts.id, id), eq(contacts.accountId, accountId)))
      .returning({ id: contacts.id });
    if (deleted.length === 0) throw notFound(ADDRESS_BOOK_MESSAGES.contactNotFound);
  }

  /** Deletes the listed contacts of this account; ids of other books are ignored. Returns how many. */
  async deleteContacts(accountId: number, ids: number[]): Promise<number> {
    const deleted = await this.orm
      .delete(contacts)
      .where(and(eq(contacts.accountId, accountId), inArray(contacts.id, [...new Set(ids)])))
      .returning({ id: contacts.id });
    return deleted.length;
  }

  async listGroups(
    accountId: number,
    query: GroupListQuery,
  ): Promise<{ members: ContactGroupResource[]; total: number }> {
    const conditions: SQL[] = [eq(contactGroups.accountId, accountId)];
    if (query.search?.trim()) {
      conditions.push(
        sql`lower(${contactGroups.name}) like ${`%${escapeLike(query.search.trim().toLowerCase())}%`} escape '\\'`,
      );
    }
    const where = and(...conditions);
    const contactCount = sql<number>`(select count(*)::int from ${contactGroupMembers} where ${contactGroupMembers.groupId} = ${contactGroups.id})`;
    const [rows, [counted]] = await Promise.all([
      this.orm
        .select({ id: contactGroups.id, name: contactGroups.name, contactCount })
        .from(contactGroups)
        .where(where)
        .orderBy(sql`lower(${contactGroups.name})`, asc(contactGroups.id))
        .limit(query.itemsPerPage)
        .offset((query.page - 1) * query.itemsPerPage),
      this.orm.select({ total: count() }).from(contactGroups).where(where),
    ]);
    return { members: rows.map((row) => groupResource(row)), total: counted?.total ?? 0 };
  }

  async createGroup(accountId: number, body: ContactGroupWrite): Promise<ContactGroupResource> {
    const name = this.groupName(body);
    await this.refuseGroupName(accountId, name, null);
    const [row] = await uniqueOrConflict(
      () =>
        this.orm
          .insert(contactGroups)
          .values({ accountId, name })
          .returning({ id: contactGroups.id, name: contactGroups.name }),
      groupConflict,
    );
    return groupResource({ ...(row as { id: number; name: string }), contactCount: 0 });
  }

  async renameGroup(accountId: number, id: number, body: ContactGroupWrite): Promise<ContactGroupResource> {
    await this.groupRow(accountId, id);
    const name = this.groupName(body);
    await this.refuseGroupName(accountId, name, id);
    await uniqueOrConflict(
      () => this.orm.update(contactGroups).set({ name }).where(eq(contactGroups.id, id)),
      groupConflict,
    );
    const [counted] = await this.orm
      .select({ total: count() })
      .from(contactGroupMembers)
      .where(eq(contactGroupMembers.groupId, id));
    return groupResource({ id, name, contactCount: counted?.total ?? 0 });
  }

  /** Deletes the group; its contacts stay in the book. */
  async deleteGroup(accountId: number, id: number): Promise<void> {
    await this.groupRow(accountId, id);
    await this.orm.delete(contactGroups).where(eq(contactGroups.id, id));
  }

  private async contactRow(accountId: number, id: number): Promise<ContactRow> {
    const [row] = await this.orm
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, id), eq(contacts.accountId, accountId)));
    // Another account's contact is "not found", never "forbidden": an id reveals nothing.
    if (!row) throw notFound(ADDRESS_BOOK_MESSAGES.contactNotFound);
    return row;
  }

  private async groupRow(accountId: number, id: number) {
    const [row] = await this.orm
      .select()
      .from(contactGroups)
      .where(and(eq(contactGroups.id, id), eq(contactGroups.accountId, accountId)));
    if (!row) throw notFound(ADDRESS_BOOK_MESSAGES.groupNotFound);
    return row;
  }

  /** SPEC §5 rules (shared with the screens) plus the phone's country; 422 when broken. */
  private checked(body: ContactWrite): ContactValues {
    const checked = checkContact(body);
    if ('violations' in checked) throw invalidInput(422, checked.violations);
    return checked.values;
  }

  private async ownGroups(accountId: number, groupIds: number[] | undefined): Promise<number[]> {
    const wanted = [...new Set(groupIds ?? [])];
    if (wanted.length === 0) return [];
    const found = await this.orm
      .select({ id: contactGroups.id })
      .from(contactGroups)
      .where(and(eq(contactGroups.accountId, accountId), inArray(contactGroups.id, wanted)));
    if (found.length !== wanted.length) {
      throw invalidInput(422, [
        {
          propertyPath: 'groupIds',
          message: ADDRESS_BOOK_MESSAGES.groupNotFound,
          code: ADDRESS_BOOK_CODES.groupNotFound,
        },
      ]);
    }
    return wanted;
  }

  private async refuseDuplicate(accountId: number, key: string, exceptId: number | null): Promise<void> {
    const conditions = [eq(contacts.accountId, accountId), eq(contacts.duplicateKey, key)];
    if (exceptId !== null) conditions.push(ne(contacts.id, exceptId));
    const [found] = await this.orm
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(...conditions))
      .limit(1);
    if (found) throw duplicateConflict();
  }

  private groupName(body: ContactGroupWrite): string {
    const name = body.name.replace(/\s+/g, ' ').trim();
    if (name === '') {
      throw invalidInput(422, [
        { propertyPath: 'name', message: 'This value should not be blank.', code: 'NOT_BLANK' },
      ]);
    }
    return name;
  }

  private async refuseGroupName(accountId: number, name: string, exceptId: number | null): Promise<void> {
    const conditions = [eq(contactGroups.accountId, accountId), eq(contactGroups.name, name)];
    if (exceptId !== null) conditions.push(ne(contactGroups.id, exceptId));
    const [found] = await this.orm
      .select({ id: contactGroups.id })
      .from(contactGroups)
      .where(and(...conditions))
      .limit(1);
    if (found) throw groupConflict();
  }

  private async withGroups(rows: ContactRow[]): Promise<ContactResource[]> {
    const ids = rows.map((row) => row.id);
    const links =
      ids.length === 0
        ? []
        : await this.orm
            .select({ contactId: contactGroupMembers.contactId, id: contactGroups.id, name: contactGroups.name })
            .from(contactGroupMembers)
            .innerJoin(contactGroups, eq(contactGroups.id, contactGroupMembers.groupId))
            .where(inArray(contactGroupMembers.contactId, ids))
            .orderBy(asc(contactGroups.name));
    return rows.map((row) =>
      contactResource(
        row,
        links.filter((link) => link.contactId === row.id).map(({ id, name }) => ({ id, name })),
      ),
    );
  }
}

/**
 * The list's order. `matchesFirst`: as an expression no index gives (`|| ''` sorts text the same),
 * so the planner finds a search's matches first (trigram index) and sorts them, rather than walking
 * the whole book in name order testing every row: PostgreSQL chose that walk for the one-statement
 * page and count, 0.8–1.3 s for 800–6,000 matches of 100,000 (issue 12 bench).
 */
function orderOf(query: ContactListQuery, matchesFirst = false): SQL[] {
  const key = (field: keyof typeof SORT_COLUMNS) =>
    matchesFirst && field !== 'createdAt' ? sql`(${SORT_COLUMNS[field]} || '')` : SORT_COLUMNS[field];
  for (const field of Object.keys(SORT_COLUMNS) as (keyof typeof SORT_COLUMNS)[]) {
    const wanted = query[`order[${field}]`];
    if (wanted) return [wanted === 'desc' ? desc(key(field)) : asc(key(field))];
  }
  return [asc(key('name'))];
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const duplicateConflict = () =>
  new ApiError(409, ADDRESS_BOOK_MESSAGES.duplicate, [
    { propertyPath: 'name', message: ADDRESS_BOOK_MESSAGES.duplicate, code: ADDRESS_BOOK_CODES.duplicate },
  ]);

const groupConflict = () =>
  new ApiError(409, ADDRESS_BOOK_MESSAGES.groupExists, [
    { propertyPath: 'name', message: ADDRESS_BOOK_MESSAGES.groupExists, code: ADDRESS_BOOK_CODES.groupExists },
  ]);

/** A unique index refused the write (a simultaneous equal write won the race): 409, not 500. */
export async function uniqueOrConflict<T>(write: () => Promise<T>, conflict = duplicateConflict): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw conflict();
    throw error;
  }
}

export function contactResource(row: ContactRow, groups: { id: number; name: string }[]): ContactResource {
  return {
    '@id': `/api/contacts/${row.id}`,
    '@type': 'Contact',
    id: row.id,
    name: row.name,
    companyName: row.companyName,
    email: row.email,
    countryCode: row.countryCode,
    phonePrefix: row.phonePrefix,
    phone: row.phone,
    addressLine: row.addressLine,
    city: row.city,
    region: row.region,
    postCode: row.postCode,
    addressId: row.addressId,
    groups,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function groupResource(row: { id: number; name: string; contactCount: number }): ContactGroupResource {
  return { '@id': `/api/contact_groups/${row.id}`, '@type': 'ContactGroup', ...row };
}

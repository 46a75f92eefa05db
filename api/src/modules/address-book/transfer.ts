import {
  ADDRESS_BOOK_CODES,
  ADDRESS_BOOK_MESSAGES,
  type ContactWrite,
  contactWriteSchema,
  GROUP_SEPARATOR,
  type ImportReport,
  type ImportRowError,
  SPREADSHEET_COLUMNS,
  SPREADSHEET_MESSAGES,
  type SpreadsheetField,
} from '@portal/shared-contracts/address-book';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Orm } from '../../db';
import { apiErrorMap, toViolations } from '../../http/violations';
import { type ContactValues, checkContact } from './contact-values';
import { contactGroupMembers, contactGroups, contacts } from './schema';
import { uniqueOrConflict } from './service';
import type { ReadSheet, SpreadsheetRow } from './spreadsheet';

const INSERT_BATCH = 500;

/** Which contacts an export holds: the whole book, one group, or the listed ids. */
export interface ExportSelection {
  group?: number;
  ids?: number[];
}

/** Import and export of a book as spreadsheet rows (the file itself is spreadsheet.ts). */
export class AddressBookTransfer {
  constructor(private readonly orm: Orm) {}

  async exportRows(accountId: number, selection: ExportSelection): Promise<SpreadsheetRow[]> {
    const conditions: SQL[] = [eq(contacts.accountId, accountId)];
    if (selection.ids) conditions.push(inArray(contacts.id, selection.ids));
    if (selection.group) {
      conditions.push(
        inArray(
          contacts.id,
          this.orm
            .select({ id: contactGroupMembers.contactId })
            .from(contactGroupMembers)
            .where(eq(contactGroupMembers.groupId, selection.group)),
        ),
      );
    }
    const rows = await this.orm
      .select()
      .from(contacts)
      .where(and(...conditions))
      .orderBy(asc(contacts.name), asc(contacts.id));
    const groupsOf = new Map<number, string[]>();
    if (rows.length > 0) {
      const links = await this.orm
        .select({ contactId: contactGroupMembers.contactId, name: contactGroups.name })
        .from(contactGroupMembers)
        .innerJoin(contactGroups, eq(contactGroups.id, contactGroupMembers.groupId))
        .where(eq(contactGroups.accountId, accountId))
        .orderBy(asc(contactGroups.name));
      for (const link of links) groupsOf.set(link.contactId, [...(groupsOf.get(link.contactId) ?? []), link.name]);
    }
    return rows.map((row) => {
      const values = {} as SpreadsheetRow;
      for (const { field } of SPREADSHEET_COLUMNS) {
        values[field] = field === 'groups' ? (groupsOf.get(row.id) ?? []).join(GROUP_SEPARATOR) : (row[field] ?? '');
      }
      return values;
    });
  }

  /**
   * Checks every row as the form's calls are checked (SPEC §5, duplicates in the book and in the
   * file), then stores the good rows in one transaction, or none when `allOrNothing` and a row is
   * bad. Groups named in the file that the book lacks are created.
   */
  async importRows(accountId: number, sheet: ReadSheet, allOrNothing: boolean): Promise<ImportReport> {
    const known = new Set(
      (
        await this.orm.select({ key: contacts.duplicateKey }).from(contacts).where(eq(contacts.accountId, accountId))
      ).map((row) => row.key),
    );
    const errors: ImportRowError[] = [];
    const good: { values: ContactValues; groups: string[] }[] = [];
    let incorrectRows = 0;
    for (const { row, values, errors: cellErrors } of sheet.rows) {
      const found = [...cellErrors];
      const write = toContactWrite(values);
      const shape = z.safeParse(contactWriteSchema, write, { error: apiErrorMap });
      const checked = shape.success ? checkContact(write) : { violations: toViolations(shape.error) };
      if ('violations' in checked) {
        for (const violation of checked.violations) {
          found.push({
            row,
            column: sheet.headings[violation.propertyPath as SpreadsheetField] ?? '',
            message: violation.message,
            code: violation.code,
          });
        }
      } else if (known.has(checked.values.duplicateKey)) {
        const inBook = !good.some((entry) => entry.values.duplicateKey === checked.values.duplicateKey);
        found.push({
          row,
          column: '',
          message: inBook ? ADDRESS_BOOK_MESSAGES.duplicate : SPREADSHEET_MESSAGES.duplicateInFile,
          code: ADDRESS_BOOK_CODES.duplicate,
        });
      }
      if (found.length > 0) {
        incorrectRows += 1;
        errors.push(...found);
      } else if (!('violations' in checked)) {
        known.add(checked.values.duplicateKey);
        good.push({ values: checked.values, groups: groupNames(values.groups) });
      }
    }
    const report = { totalRows: sheet.rows.length, incorrectRows, errors };
    if (good.length === 0 || (allOrNothing && incorrectRows > 0)) return { ...report, imported: 0 };
    await uniqueOrConflict(() => this.store(accountId, good));
    return { ...report, imported: good.length };
  }

  private store(accountId: number, good: { values: ContactValues; groups: string[] }[]): Promise<void> {
    return this.orm.transaction(async (tx) => {
      const wanted = [...new Set(good.flatMap((entry) => entry.groups))];
      const groupIds = new Map<string, number>();
      if (wanted.length > 0) {
        const existing = await tx
          .select({ id: contactGroups.id, name: contactGroups.name })
          .from(contactGroups)
          .where(and(eq(contactGroups.accountId, accountId), inArray(contactGroups.name, wanted)));
        for (const group of existing) groupIds.set(group.name, group.id);
        const missing = wanted.filter((name) => !groupIds.has(name));
        if (missing.length > 0) {
          const created = await tx
            .insert(contactGroups)
            .values(missing.map((name) => ({ accountId, name })))
            .returning({ id: contactGroups.id, name: contactGroups.name });
          for (const group of created) groupIds.set(group.name, group.id);
        }
      }
      for (let start = 0; start < good.length; start += INSERT_BATCH) {
        const batch = good.slice(start, start + INSERT_BATCH);
        const ids = await tx
          .insert(contacts)
          .values(batch.map((entry) => ({ ...entry.values, accountId })))
          .returning({ id: contacts.id });
        const members = batch.flatMap((entry, index) =>
          entry.groups.map((name) => ({
            contactId: (ids[index] as { id: number }).id,
            groupId: groupIds.get(name) as number,
          })),
        );
        if (members.length > 0) await tx.insert(contactGroupMembers).values(members);
      }
    });
  }
}

function toContactWrite(values: SpreadsheetRow): ContactWrite {
  const { groups: _groups, ...fields } = values;
  return fields;
}

function groupNames(cell: string): string[] {
  return [
    ...new Set(
      cell
        .split(',')
        .map((name) => name.replace(/\s+/g, ' ').trim())
        .filter((name) => name !== ''),
    ),
  ];
}

import {
  hsCodeDigits,
  MAX_SAVED_HS_CODES,
  SAVED_HS_CODE_CODES,
  SAVED_HS_CODE_MESSAGES,
  type SavedHsCode,
  savedHsCodeViolations,
} from '@portal/shared-contracts/account';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { invalidInput, notFound } from '../../http/problem';
import type { IdentityService } from '../identity';
import { savedHsCodes } from './schema';
import type { HsCodeService } from './service';

type Row = typeof savedHsCodes.$inferSelect;

/**
 * An account's saved goods codes. Every member of the account reads and changes them; anyone else
 * gets the same 404 as for a missing account (IdentityService.member). The code must be a 6–10
 * digit customs code whose first six digits are an HS subheading, and is unique per account.
 */
export class SavedHsCodeService {
  constructor(
    private readonly orm: Orm,
    private readonly identity: IdentityService,
    private readonly nomenclature: () => HsCodeService,
  ) {}

  async list(principal: Principal, accountId: number): Promise<SavedHsCode[]> {
    await this.identity.member(principal, accountId);
    const rows = await this.orm
      .select()
      .from(savedHsCodes)
      .where(eq(savedHsCodes.accountId, accountId))
      .orderBy(asc(savedHsCodes.code));
    return rows.map((row) => this.view(row));
  }

  async create(
    principal: Principal,
    accountId: number,
    body: { code: string; description: string },
  ): Promise<SavedHsCode> {
    await this.identity.member(principal, accountId);
    const code = hsCodeDigits(body.code);
    const description = tidy(body.description);
    return this.orm.transaction(async (tx) => {
      const saved = await tx
        .select({ code: savedHsCodes.code })
        .from(savedHsCodes)
        .where(eq(savedHsCodes.accountId, accountId));
      const violations = savedHsCodeViolations(
        { code, description },
        saved.map((row) => row.code),
      );
      if (violations.length === 0 && !this.nomenclature().isKnownCustomsCode(code))
        violations.push({
          propertyPath: 'code',
          message: SAVED_HS_CODE_MESSAGES.notFound,
          code: SAVED_HS_CODE_CODES.notFound,
        });
      if (violations.length === 0 && saved.length >= MAX_SAVED_HS_CODES)
        violations.push({
          propertyPath: 'code',
          message: SAVED_HS_CODE_MESSAGES.tooMany,
          code: SAVED_HS_CODE_CODES.tooMany,
        });
      if (violations.length > 0) throw invalidInput(422, violations);
      // The unique index settles two members saving the same code at once.
      const [row] = await tx
        .insert(savedHsCodes)
        .values({ accountId, code, description })
        .onConflictDoNothing()
        .returning();
      if (!row) throw notUnique();
      return this.view(row);
    });
  }

  async update(
    principal: Principal,
    accountId: number,
    id: number,
    body: { description: string },
  ): Promise<SavedHsCode> {
    await this.identity.member(principal, accountId);
    const description = tidy(body.description);
    const violations = savedHsCodeViolations({ description });
    if (violations.length > 0) throw invalidInput(422, violations);
    const [row] = await this.orm
      .update(savedHsCodes)
      .set({ description, updatedAt: sql`now()` })
      .where(and(eq(savedHsCodes.id, id), eq(savedHsCodes.accountId, accountId)))
      .returning();
    if (!row) throw notFound(SAVED_HS_CODE_MESSAGES.savedNotFound);
    return this.view(row);
  }

  async remove(principal: Principal, accountId: number, id: number): Promise<void> {
    await this.identity.member(principal, accountId);
    const deleted = await this.orm
      .delete(savedHsCodes)
      .where(and(eq(savedHsCodes.id, id), eq(savedHsCodes.accountId, accountId)))
      .returning({ id: savedHsCodes.id });
    if (deleted.length === 0) throw notFound(SAVED_HS_CODE_MESSAGES.savedNotFound);
  }

  private view(row: Row): SavedHsCode {
    // The subheading names the goods for a CN or national code of 8–10 digits as well.
    const entry = this.nomenclature().find(row.code) ?? this.nomenclature().find(row.code.slice(0, 6));
    return {
      '@id': `/api/accounts/${row.accountId}/saved_hs_codes/${row.id}`,
      '@type': 'SavedHsCode',
      id: row.id,
      code: row.code,
      description: row.description,
      hsDescription: entry?.description ?? '',
      hsDescriptionLv: entry?.descriptionLv ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }
}

const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();

const notUnique = () =>
  invalidInput(422, [
    { propertyPath: 'code', message: SAVED_HS_CODE_MESSAGES.notUnique, code: SAVED_HS_CODE_CODES.notUnique },
  ]);

import type { Locale } from '@portal/shared-contracts';
import {
  CMS_MESSAGES,
  type CmsBlockInput,
  type CmsBlockSource,
  type CmsCard,
  type CmsKind,
  type CmsPage,
  cmsBlockViolations,
} from '@portal/shared-contracts/cms';
import { and, asc, count, desc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { invalidInput, notFound } from '../../http/problem';
import { userIdOfSubject } from '../identity';
import { renderMarkdown } from './markdown';
import { cmsBlocks } from './schema';

type BlockRow = typeof cmsBlocks.$inferSelect;
export type CmsBlockRow = BlockRow;

/** CMS blocks (SPEC §3): read by every visitor in their language, written by administrators. */
export class CmsService {
  constructor(
    private readonly orm: Orm,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async row(key: string): Promise<BlockRow> {
    const [row] = await this.orm.select().from(cmsBlocks).where(eq(cmsBlocks.key, key));
    if (!row) throw notFound(CMS_MESSAGES.notFound);
    return row;
  }

  /** What the public sees now: active, published (or undated) and not yet expired. */
  private showing(): SQL {
    const now = this.now();
    return and(
      eq(cmsBlocks.active, true),
      or(isNull(cmsBlocks.publishedAt), lte(cmsBlocks.publishedAt, now)),
      or(isNull(cmsBlocks.expiresAt), gt(cmsBlocks.expiresAt, now)),
    ) as SQL;
  }

  /** One block in one language, its Markdown rendered to safe HTML; an inactive one is not found. */
  async page(key: string, locale: Locale): Promise<CmsPage> {
    const [row] = await this.orm
      .select()
      .from(cmsBlocks)
      .where(and(eq(cmsBlocks.key, key), this.showing()));
    if (!row) throw notFound(CMS_MESSAGES.notFound);
    return pageOf(row, locale);
  }

  /**
   * The blocks of one kind showing now (the footer's columns, the home page's adverts and news, the
   * tooltips): newest first by publication, then by key, so the footer's order is its keys'.
   */
  async showingRows(
    kind: CmsKind,
    paging: { page: number; itemsPerPage: number },
  ): Promise<{ rows: CmsBlockRow[]; totalItems: number }> {
    const where = and(eq(cmsBlocks.kind, kind), this.showing());
    const [rows, [counted]] = await Promise.all([
      this.orm
        .select()
        .from(cmsBlocks)
        .where(where)
        .orderBy(desc(cmsBlocks.publishedAt), asc(cmsBlocks.key))
        .limit(paging.itemsPerPage)
        .offset((paging.page - 1) * paging.itemsPerPage),
      this.orm.select({ total: count() }).from(cmsBlocks).where(where),
    ]);
    return { rows, totalItems: counted?.total ?? 0 };
  }

  async cards(
    kind: CmsKind,
    locale: Locale,
    paging: { page: number; itemsPerPage: number },
  ): Promise<{ cards: CmsCard[]; totalItems: number }> {
    const { rows, totalItems } = await this.showingRows(kind, paging);
    return {
      cards: rows.map((row) => ({
        ...pageOf(row, locale),
        kind: row.kind,
        linkPath: row.linkPath,
        publishedAt: row.publishedAt?.toISOString() ?? null,
      })),
      totalItems,
    };
  }

  async source(key: string): Promise<CmsBlockSource> {
    return sourceOf(await this.row(key));
  }

  async list(): Promise<CmsBlockSource[]> {
    return (await this.orm.select().from(cmsBlocks).orderBy(asc(cmsBlocks.key))).map(sourceOf);
  }

  /**
   * Creates or replaces a block (the back office's editor). Every text is required in both
   * languages (the shared CMS rules). A block an administrator saved is never overwritten by the seed.
   */
  async save(
    key: string,
    input: CmsBlockInput,
    editor: Principal,
  ): Promise<{ block: CmsBlockSource; created: boolean }> {
    const violations = cmsBlockViolations(input);
    if (violations.length > 0) throw invalidInput(422, violations);
    const userId = await userIdOfSubject(this.orm, editor.subject);
    const values = {
      titleEn: (input.titleEn as string).trim(),
      titleLv: (input.titleLv as string).trim(),
      bodyEn: (input.bodyEn as string).trim(),
      bodyLv: (input.bodyLv as string).trim(),
      // Absent fields stay as they are on a change (PUT of the texts alone, as before the kinds).
      ...(input.active !== undefined ? { active: input.active ?? true } : {}),
      ...(input.linkPath !== undefined ? { linkPath: input.linkPath?.trim() || null } : {}),
      ...(input.publishedAt !== undefined ? { publishedAt: dateOrNull(input.publishedAt) } : {}),
      ...(input.expiresAt !== undefined ? { expiresAt: dateOrNull(input.expiresAt) } : {}),
      seedVersion: null,
      updatedAt: this.now(),
      updatedBy: userId ?? null,
    };
    return this.orm.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: cmsBlocks.id })
        .from(cmsBlocks)
        .where(eq(cmsBlocks.key, key))
        .for('update');
      // A news card without a date shows from its first save, newest first among the others.
      const kind = (input.kind ?? undefined) as CmsKind | undefined;
      const [row] = existing
        ? await tx
            .update(cmsBlocks)
            .set({ ...values, ...(kind ? { kind } : {}) })
            .where(eq(cmsBlocks.id, existing.id))
            .returning()
        : await tx
            .insert(cmsBlocks)
            .values({
              key,
              ...values,
              kind: kind ?? 'page',
              publishedAt: dateOrNull(input.publishedAt ?? null) ?? (kind === 'news' ? this.now() : null),
            })
            .returning();
      return { block: sourceOf(row as BlockRow), created: !existing };
    });
  }
}

const dateOrNull = (value: string | null) => (value?.trim() ? new Date(value.trim()) : null);

function pageOf(row: BlockRow, locale: Locale): CmsPage {
  return {
    '@id': `/api/cms_blocks/${row.key}`,
    '@type': 'CmsBlock',
    key: row.key,
    locale,
    title: locale === 'lv' ? row.titleLv : row.titleEn,
    html: renderMarkdown(locale === 'lv' ? row.bodyLv : row.bodyEn),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function sourceOf(row: BlockRow): CmsBlockSource {
  return {
    '@id': `/api/admin/cms_blocks/${row.key}`,
    '@type': 'CmsBlock',
    key: row.key,
    titleEn: row.titleEn,
    titleLv: row.titleLv,
    bodyEn: row.bodyEn,
    bodyLv: row.bodyLv,
    kind: row.kind,
    active: row.active,
    linkPath: row.linkPath,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

import type { Locale } from '@portal/shared-contracts';
import {
  CMS_MESSAGES,
  type CmsBlockInput,
  type CmsBlockSource,
  type CmsPage,
  cmsBlockViolations,
} from '@portal/shared-contracts/cms';
import { asc, eq } from 'drizzle-orm';
import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { invalidInput, notFound } from '../../http/problem';
import { users } from '../identity';
import { renderMarkdown } from './markdown';
import { cmsBlocks } from './schema';

type BlockRow = typeof cmsBlocks.$inferSelect;

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

  /** One block in one language, its Markdown rendered to safe HTML. */
  async page(key: string, locale: Locale): Promise<CmsPage> {
    const row = await this.row(key);
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
    const [user] = await this.orm.select({ id: users.id }).from(users).where(eq(users.subject, editor.subject));
    const values = {
      titleEn: (input.titleEn as string).trim(),
      titleLv: (input.titleLv as string).trim(),
      bodyEn: (input.bodyEn as string).trim(),
      bodyLv: (input.bodyLv as string).trim(),
      seedVersion: null,
      updatedAt: this.now(),
      updatedBy: user?.id ?? null,
    };
    return this.orm.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: cmsBlocks.id })
        .from(cmsBlocks)
        .where(eq(cmsBlocks.key, key))
        .for('update');
      const [row] = existing
        ? await tx.update(cmsBlocks).set(values).where(eq(cmsBlocks.id, existing.id)).returning()
        : await tx
            .insert(cmsBlocks)
            .values({ key, ...values })
            .returning();
      return { block: sourceOf(row as BlockRow), created: !existing };
    });
  }
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
    updatedAt: row.updatedAt.toISOString(),
  };
}

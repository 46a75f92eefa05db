import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CMS_PAGE_KEYS, type CmsPageKey } from '@portal/shared-contracts/cms';
import { and, eq, lt } from 'drizzle-orm';
import type { Orm } from '../../db';
import { cmsBlocks } from './schema';

/**
 * The version of the seeded texts. Raise it when a file in `content/` changes: blocks still as
 * seeded take the new text at the next start; a block an administrator has changed is never touched.
 */
export const CMS_SEED_VERSION = 1;
/** When the seeded texts were written: their "last updated" date until an administrator changes them. */
export const CMS_SEED_DATE = new Date('2026-11-26T00:00:00Z');

const CONTENT_DIR = fileURLToPath(new URL('./content/', import.meta.url));

export interface SeedBlock {
  key: CmsPageKey;
  titleEn: string;
  titleLv: string;
  bodyEn: string;
  bodyLv: string;
}

/** `content/<key>.<locale>.md`: the first line is `# Title`, the rest the body. */
function readContent(key: CmsPageKey, locale: 'en' | 'lv'): { title: string; body: string } {
  const text = readFileSync(`${CONTENT_DIR}${key}.${locale}.md`, 'utf8');
  const [first = '', ...rest] = text.split('\n');
  if (!first.startsWith('# ')) throw new Error(`content/${key}.${locale}.md must start with "# Title"`);
  return { title: first.slice(2).trim(), body: rest.join('\n').trim() };
}

export function seedBlocks(): SeedBlock[] {
  return CMS_PAGE_KEYS.map((key) => {
    const en = readContent(key, 'en');
    const lv = readContent(key, 'lv');
    return { key, titleEn: en.title, titleLv: lv.title, bodyEn: en.body, bodyLv: lv.body };
  });
}

/** Writes the information pages' blocks that are missing, and refreshes those still as an older seed left them. */
export async function seedCmsBlocks(orm: Orm): Promise<void> {
  for (const block of seedBlocks()) {
    const [existing] = await orm
      .select({ id: cmsBlocks.id, seedVersion: cmsBlocks.seedVersion })
      .from(cmsBlocks)
      .where(eq(cmsBlocks.key, block.key));
    if (!existing) {
      await orm
        .insert(cmsBlocks)
        .values({ ...block, seedVersion: CMS_SEED_VERSION, updatedAt: CMS_SEED_DATE })
        .onConflictDoNothing();
    } else if (existing.seedVersion !== null && existing.seedVersion < CMS_SEED_VERSION) {
      await orm
        .update(cmsBlocks)
        .set({ ...block, seedVersion: CMS_SEED_VERSION, updatedAt: CMS_SEED_DATE })
        // Still as seeded at the moment of writing: an administrator's change in between wins.
        .where(and(eq(cmsBlocks.id, existing.id), lt(cmsBlocks.seedVersion, CMS_SEED_VERSION)));
    }
  }
}

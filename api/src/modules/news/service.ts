import type { NewsItem } from '@portal/shared-contracts';
import type { CmsBlockRow, CmsService } from '../cms';
import { renderMarkdown } from '../cms';

/**
 * The news that show now: the CMS blocks of kind `news` (issue 14 item 8) that are active,
 * published and not expired, newest first. Editors add, change and switch them off in /admin/cms.
 */
export class NewsService {
  constructor(private readonly cms: CmsService) {}

  async list(paging: { page: number; itemsPerPage: number }): Promise<{ items: NewsItem[]; totalItems: number }> {
    const { rows, totalItems } = await this.cms.showingRows('news', paging);
    return { items: rows.map(newsResource), totalItems };
  }
}

export function newsResource(row: CmsBlockRow): NewsItem {
  return {
    '@id': `/api/news/${row.id}`,
    '@type': 'News',
    id: row.id,
    title: row.titleEn,
    titleLv: row.titleLv,
    text: row.bodyEn,
    textLv: row.bodyLv,
    // Both languages in one item (a language switch needs no request), rendered and sanitised as every block.
    html: renderMarkdown(row.bodyEn),
    htmlLv: renderMarkdown(row.bodyLv),
    link: row.linkPath,
    // A news block always has a date (the seed's, or its first save's); the update time is the fallback.
    publishedAt: (row.publishedAt ?? row.updatedAt).toISOString(),
  };
}

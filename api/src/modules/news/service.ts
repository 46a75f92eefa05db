import type { NewsItem } from '@portal/shared-contracts';
import { and, count, desc, gt, isNull, lte, or } from 'drizzle-orm';
import type { Orm } from '../../db';
import { news } from './schema';

export type NewsRow = typeof news.$inferSelect;

/** The news that show now: published, not expired, newest first. */
export class NewsService {
  constructor(
    private readonly orm: Orm,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(paging: { page: number; itemsPerPage: number }): Promise<{ items: NewsItem[]; totalItems: number }> {
    const now = this.now();
    const showing = and(lte(news.publishedAt, now), or(isNull(news.expiresAt), gt(news.expiresAt, now)));
    const [rows, [counted]] = await Promise.all([
      this.orm
        .select()
        .from(news)
        .where(showing)
        .orderBy(desc(news.publishedAt), desc(news.id))
        .limit(paging.itemsPerPage)
        .offset((paging.page - 1) * paging.itemsPerPage),
      this.orm.select({ total: count() }).from(news).where(showing),
    ]);
    return { items: rows.map(newsResource), totalItems: counted?.total ?? 0 };
  }
}

export function newsResource(row: NewsRow): NewsItem {
  return {
    '@id': `/api/news/${row.id}`,
    '@type': 'News',
    id: row.id,
    title: row.titleEn,
    titleLv: row.titleLv,
    text: row.textEn,
    textLv: row.textLv,
    link: row.linkPath,
    publishedAt: row.publishedAt.toISOString(),
  };
}

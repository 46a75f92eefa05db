import type { Locale } from '@portal/shared-contracts';
import { type BannerInput, bannerViolations } from '@portal/shared-contracts/account';
import { eq } from 'drizzle-orm';
import type { Orm } from '../../db';
import { invalidInput } from '../../http/problem';
import { userIdOfSubject } from '../identity';
import { notificationBanner } from './schema';

/** What the back office reads and writes. */
export interface BannerAdminView {
  '@id': '/api/admin/notification_banner';
  '@type': 'NotificationBanner';
  active: boolean;
  textEn: string;
  textLv: string;
  updatedAt: string | null;
}

/** What every page reads: the text in the visitor's language, or nothing while the banner is off. */
export interface BannerView {
  '@type': 'NotificationBanner';
  active: boolean;
  text: string | null;
}

const SINGLE_ROW = 1;

/** The notification banner (issue 14 item 6): one row, switched on and off by the back office. */
export class BannerService {
  constructor(
    private readonly orm: Orm,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async admin(): Promise<BannerAdminView> {
    const [row] = await this.orm.select().from(notificationBanner).where(eq(notificationBanner.id, SINGLE_ROW));
    return {
      '@id': '/api/admin/notification_banner',
      '@type': 'NotificationBanner',
      active: row?.active ?? false,
      textEn: row?.textEn ?? '',
      textLv: row?.textLv ?? '',
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  async shown(locale: Locale): Promise<BannerView> {
    const banner = await this.admin();
    return {
      '@type': 'NotificationBanner',
      active: banner.active,
      text: banner.active ? (locale === 'lv' ? banner.textLv : banner.textEn) : null,
    };
  }

  async save(input: BannerInput, subject: string | null): Promise<BannerAdminView> {
    const violations = bannerViolations(input);
    if (violations.length > 0) throw invalidInput(422, violations);
    const author = subject ? await userIdOfSubject(this.orm, subject) : undefined;
    const values = {
      active: input.active === true,
      textEn: (input.textEn ?? '').trim(),
      textLv: (input.textLv ?? '').trim(),
      updatedBy: author ?? null,
      updatedAt: this.now(),
    };
    await this.orm
      .insert(notificationBanner)
      .values({ id: SINGLE_ROW, ...values })
      .onConflictDoUpdate({ target: notificationBanner.id, set: values });
    return this.admin();
  }
}

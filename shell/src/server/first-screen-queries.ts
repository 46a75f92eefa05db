import { createApiClient, type FirstScreenModule, type FirstScreenQuery, type Locale } from '@portal/shared-contracts';
import { type PublicQuery, readPublicQuery } from '../boot/public-queries';
import { footerBlocksQuery } from '../layout/Footer';
import { notificationBannerQuery } from '../layout/NotificationBanner';
import { requestedLocale } from '../locale/locale-storage';
import { advertsQuery } from '../pages/home/AdvertsSection';
import { NEWS_QUERY } from '../pages/home/NewsSection';
import { STATIC_PAGES, staticPageQuery } from '../pages/StaticPage';

/**
 * Longest the gateway waits for the API's answers before it renders without the late ones (those
 * parts then load in the browser, as before): the page must never wait long for its decoration.
 */
export const FIRST_SCREEN_QUERIES_TIMEOUT_MS = 500;

/**
 * The public reads a page's first screen shows: on every page the notification banner above it and
 * the footer's columns; on the home page its news and adverts, on an information page its text.
 * Each arriving after the first paint moved what is below it (the home page's pushed the footer
 * 290 px down, under a pointer about to click one of its links).
 */
export function firstScreenQueriesOf(pathname: string, locale: Locale): PublicQuery[] {
  const queries: PublicQuery[] = [notificationBannerQuery(locale), footerBlocksQuery(locale)];
  if (pathname === '/') queries.push(NEWS_QUERY, advertsQuery(locale));
  const page = STATIC_PAGES.find(({ path }) => pathname === `/${path}`);
  if (page) queries.push(staticPageQuery(page.path, locale));
  return queries;
}

/** The answers for the request's page, asked for with the gateway's `fetch` (no sign-in: public reads). */
export const loadFirstScreenQueries: NonNullable<FirstScreenModule['loadFirstScreenQueries']> = async (
  request,
  fetch,
) => {
  const queryAt = request.url.indexOf('?');
  const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const locale = requestedLocale(queryAt === -1 ? '' : request.url.slice(queryAt), request.cookieHeader ?? '');
  const api = createApiClient({ baseUrl: '', getAccessToken: () => null, getLocale: () => locale, fetch });
  const signal = AbortSignal.timeout(FIRST_SCREEN_QUERIES_TIMEOUT_MS);
  const queries = firstScreenQueriesOf(pathname, locale);
  const answers = await Promise.allSettled(queries.map((query) => readPublicQuery(api, query, signal)));
  return queries.flatMap((query, index): FirstScreenQuery[] => {
    const answer = answers[index];
    return answer?.status === 'fulfilled' ? [{ queryKey: query.queryKey, data: answer.value }] : [];
  });
};

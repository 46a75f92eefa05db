// A news card of the home page (SPEC §2) as GET /api/public/news answers it: both languages in
// one item, so switching the language needs no new request.

export interface NewsItem {
  '@id': string;
  '@type': 'News';
  id: number;
  title: string;
  titleLv: string;
  text: string;
  textLv: string;
  /** The text (Markdown, a CMS block of kind `news`) rendered and sanitised by the API. */
  html: string;
  htmlLv: string;
  /** A page of the portal the card links to, or null. */
  link: string | null;
  /** ISO date-time. */
  publishedAt: string;
}

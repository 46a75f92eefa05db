// zod/mini, as the other shared entries (keeps classic zod out of the browser bundle).
import * as z from 'zod/mini';

// A news card of the home page (SPEC §2) as GET /api/public/news answers it: both languages in
// one item, so switching the language needs no new request.

export const newsItemSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('News'),
  id: z.int(),
  title: z.string(),
  titleLv: z.string(),
  text: z.string(),
  textLv: z.string(),
  /** The text (Markdown, a CMS block of kind `news`) rendered and sanitised by the API. */
  html: z.string(),
  htmlLv: z.string(),
  /** A page of the portal the card links to, or null. */
  link: z.nullable(z.string()),
  /** ISO date-time. */
  publishedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

import { DEFAULT_LOCALE, type Locale, toLocale } from '@portal/shared-contracts';

/**
 * The interface language of a request (SPEC §1: only lv or en): the first Accept-Language tag by
 * q-value that is one of them, else the portal default (en). Used wherever the API writes text
 * for people (documents, pages, tracking timelines).
 */
export function acceptedLocale(acceptLanguage: string | undefined): Locale {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = toLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

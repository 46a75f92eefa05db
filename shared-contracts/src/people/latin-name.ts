// Issue 40 item 6: a name in another script (an eBay buyer named in Cyrillic) breaks the order's
// Latin-only name rule (SPEC §5, person-rules NAME_PATTERN). Instead of a dead end, the screens offer
// the name in Latin letters to accept or edit in place. The transliteration itself comes from the
// maintained `transliteration` package (MIT, no dependencies; Cyrillic, Greek and others to ASCII);
// only the letters outside the Latin script are given to it, so Latvian diacritics (ā, š, ņ) stay.
import { transliterate } from 'transliteration';
import { NAME_MESSAGE, nameProblem } from './person-rules';

/** A run of characters that are neither Latin letters nor what the name rule joins them with. */
const NON_LATIN_RUN = /[^\p{Script=Latin}\s\-.']+/gu;

/** The name with every non-Latin letter written in Latin letters (Latvian diacritics kept). */
export function toLatinLetters(name: string): string {
  return name
    .replace(NON_LATIN_RUN, (run) => transliterate(run))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The name in Latin letters to offer when `name` breaks the Latin-only rule for its script, else
 * null (a name that is fine, too short, or that no transliteration makes acceptable).
 */
export function latinNameSuggestion(name: string): string | null {
  if (nameProblem(name) !== NAME_MESSAGE) return null;
  const latin = toLatinLetters(name);
  return latin !== name && nameProblem(latin) === null ? latin : null;
}

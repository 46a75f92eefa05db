/**
 * Text as the portal's searches compare it (locations, HS codes): lower case, without diacritics
 * (ā → a, š → s, õ → o), every run of other characters than letters and digits turned into one
 * space. "Rīga" and "Riga", "LV-1082" and "lv 1082" become the same.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

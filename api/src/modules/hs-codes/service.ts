import { normalizeSearchText } from '@portal/shared-contracts';
import { isDeclarableHsCode } from '@portal/shared-contracts/orders';
import { codeDigits, type HsCode, loadHsCodes } from './seed';

/** SPEC §8, §9: a search lists at most 50 codes; more matches ask for a narrower search. */
export const MAX_SEARCH_RESULTS = 50;

export interface HsCodeSearchResult {
  items: HsCode[];
  /** Every match, also those past the first `limit`. */
  totalItems: number;
  tooMany: boolean;
}

/** A query of digits only (spaces and dots allowed: `4901.99`, `0101 21`) is a code prefix. */
const CODE_QUERY = /^[\d\s.]+$/;

/** The first index in sorted `words` whose word is not before `prefix`. */
function lowerBound(words: readonly string[], prefix: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((words[middle] as string) < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The HS 2022 nomenclature in memory (about 7,000 codes), searched by code prefix or by words.
 * The schema holds no table for it (migrations belong to another change). Words are indexed once:
 * each distinct word of the code, English and Latvian text (lower case, without diacritics) points
 * to the codes that contain it, and a query word is a range of that sorted word list.
 */
export class HsCodeService {
  private readonly codes: readonly HsCode[];
  private readonly byCode: Map<string, HsCode>;
  private readonly words: string[];
  /** Positions in `codes` of the codes holding `words[i]`, ascending. */
  private readonly postings: number[][];

  constructor(codes: readonly HsCode[]) {
    this.codes = [...codes].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    this.byCode = new Map(this.codes.map((entry) => [entry.code, entry]));
    const index = new Map<string, number[]>();
    this.codes.forEach((entry, position) => {
      const text = normalizeSearchText(`${entry.code} ${entry.description} ${entry.descriptionLv ?? ''}`);
      for (const word of new Set(text.split(' '))) {
        const positions = index.get(word);
        if (positions) positions.push(position);
        else index.set(word, [position]);
      }
    });
    this.words = [...index.keys()].sort();
    this.postings = this.words.map((word) => index.get(word) as number[]);
  }

  get size(): number {
    return this.codes.length;
  }

  /**
   * Codes starting with the query's digits (a CN or national code of 8–10 digits finds its
   * 6-digit subheading), or whose code, English or Latvian text has a word starting with each
   * word of the query; diacritics and case do not matter. In code order, which keeps a chapter,
   * its headings and their subheadings together.
   */
  search(query: string, limit = MAX_SEARCH_RESULTS): HsCodeSearchResult {
    const matches = CODE_QUERY.test(query) ? this.byPrefix(codeDigits(query).slice(0, 6)) : this.byWords(query);
    return { items: matches.slice(0, limit), totalItems: matches.length, tooMany: matches.length > limit };
  }

  find(code: string): HsCode | undefined {
    return this.byCode.get(codeDigits(code));
  }

  /**
   * Whether a content line's code can go on a customs declaration: the shared rule (a known HS
   * subheading, or a CN or national code beginning with one), which the wizard's search follows.
   */
  isKnownCustomsCode(code: string): boolean {
    return isDeclarableHsCode(code, (digits) => this.byCode.get(digits)?.level);
  }

  private byPrefix(prefix: string): HsCode[] {
    if (!prefix) return [];
    // Codes are sorted, so those with the prefix are one run.
    const found: HsCode[] = [];
    for (const entry of this.codes) {
      if (entry.code.startsWith(prefix)) found.push(entry);
      else if (entry.code > prefix) break;
    }
    return found;
  }

  private byWords(query: string): HsCode[] {
    const tokens = [...new Set(normalizeSearchText(query).split(' ').filter(Boolean))];
    if (tokens.length === 0) return [];
    let matched: Set<number> | undefined;
    for (const token of tokens) {
      const holding = new Set<number>();
      for (let at = lowerBound(this.words, token); at < this.words.length; at += 1) {
        if (!(this.words[at] as string).startsWith(token)) break;
        for (const position of this.postings[at] as number[]) {
          if (!matched || matched.has(position)) holding.add(position);
        }
      }
      matched = holding;
      if (matched.size === 0) return [];
    }
    return [...(matched ?? [])].sort((a, b) => a - b).map((position) => this.codes[position] as HsCode);
  }
}

let shared: HsCodeService | undefined;

/**
 * The process's one nomenclature, read from the bundled files on first use (a few hundred
 * milliseconds): the routes and the order rules (orders/rule-context.ts) share it, and a process
 * that never meets an HS code (most API tests) never reads it.
 */
export function hsCodeService(): HsCodeService {
  shared ??= new HsCodeService(loadHsCodes());
  return shared;
}

/** The order rules' predicate (shared-contracts LineRuleContext.isKnownHsCode). */
export const isKnownHsCode = (code: string): boolean => hsCodeService().isKnownCustomsCode(code);

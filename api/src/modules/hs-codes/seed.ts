import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One code of the HS 2022 nomenclature: a chapter (2 digits), heading (4) or subheading (6). */
export interface HsCode {
  code: string;
  /** English, as the UN Comtrade list words it (self-contained, also for subheadings). */
  description: string;
  /** Latvian from the EU Combined Nomenclature 2026, or null when it has none for the code. */
  descriptionLv: string | null;
  level: 2 | 4 | 6;
  /** The chapter of a heading, the heading of a subheading; null for a chapter. */
  parent: string | null;
}

export const HS_CODES_FILE = fileURLToPath(new URL('./data/hs-codes.csv', import.meta.url));
export const CN_LATVIAN_FILE = fileURLToPath(new URL('./data/cn-2026-lv.csv', import.meta.url));

/** One field and what ends it: a comma, a line break or the end of the text. */
const CSV_FIELD = /(?:"((?:[^"]|"")*)"|([^,\r\n"]*))(,|\r?\n|\r|$)/y;

/**
 * Rows of a CSV text (RFC 4180: commas, double-quoted fields with `""` for a quote, CRLF or LF),
 * as objects keyed by the header line. A leading byte-order mark is dropped; a malformed line
 * (a stray quote) throws, so a broken data file stops the start.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  CSV_FIELD.lastIndex = 0;
  while (CSV_FIELD.lastIndex < source.length) {
    const at = CSV_FIELD.lastIndex;
    const match = CSV_FIELD.exec(source);
    if (!match || (match[0] === '' && at < source.length)) throw new Error(`Malformed CSV at character ${at}.`);
    row.push(match[1] !== undefined ? match[1].replaceAll('""', '"') : (match[2] ?? ''));
    if (match[3] !== ',') {
      rows.push(row);
      row = [];
    }
  }
  // The text ended right after a comma: the last field is empty.
  if (row.length > 0) rows.push([...row, '']);
  const [header = [], ...records] = rows.filter((cells) => cells.length > 1 || cells[0] !== '');
  return records.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])));
}

/** Only the digits of a code: CN writes `0101 21 00`, people write `0101.21`. */
export const codeDigits = (code: string): string => code.replace(/[\s.]/g, '');

/**
 * UN Comtrade's statistical placeholder (chapter 99 "Commodities not specified according to
 * kind", 9999, 999999) and its TOTAL row: not HS headings (chapters 98 and 99 are left to
 * national use), so never a valid code on a customs declaration.
 */
const isPlaceholder = (row: Record<string, string>): boolean => row.section === 'TOTAL';

/**
 * Latvian names of the CN 2026 file by the HS code they describe. Chapters and headings are CN
 * rows of the same code. A heading with no HS subdivision (0409 honey) is listed in CN only as
 * its single subheading `040900`/`04090000`, which names the same goods. A subheading is its CN
 * 6-digit row, listed only when CN splits it further, or else its one CN code `<code>00`.
 */
export function latvianNames(cnRows: readonly Record<string, string>[]): (code: string) => string | null {
  const byCode = new Map<string, string>();
  for (const row of cnRows) {
    const code = codeDigits(row.code ?? '');
    const name = row.name_lv?.trim();
    if (/^\d+$/.test(code) && name) byCode.set(code, name);
  }
  return (code) => {
    const candidates =
      code.length === 6 ? [code, `${code}00`] : code.length === 4 ? [code, `${code}00`, `${code}0000`] : [code];
    for (const candidate of candidates) {
      const name = byCode.get(candidate);
      if (name) return name;
    }
    return null;
  };
}

/**
 * CN names a line below a heading in its context ("citādi" = "Other", "saldēti" = "frozen"),
 * written from a lower-case letter; such a subheading is shown after its heading's name so that
 * it reads on its own, as the English descriptions do.
 */
function subheadingLatvian(own: string | null, heading: string | null): string | null {
  if (!own) return null;
  const contextual = own.charAt(0) !== own.charAt(0).toUpperCase();
  return contextual && heading ? `${heading} — ${own}` : own;
}

/** The nomenclature from the two CSV texts (see data/README.md), in code order. */
export function buildHsCodes(hsCsv: string, cnCsv: string): HsCode[] {
  const latvian = latvianNames(parseCsv(cnCsv));
  const codes: HsCode[] = [];
  for (const row of parseCsv(hsCsv)) {
    const level = Number(row.level);
    const code = row.hscode ?? '';
    if (isPlaceholder(row) || (level !== 2 && level !== 4 && level !== 6) || code.length !== level) continue;
    const parent = level === 2 ? null : (row.parent ?? null);
    const own = latvian(code);
    codes.push({
      code,
      description: row.description ?? '',
      descriptionLv: level === 6 ? subheadingLatvian(own, latvian(code.slice(0, 4))) : own,
      level,
      parent,
    });
  }
  return codes.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** Reads and parses the bundled files (about 2.4 MB, some 50 ms): done once per process. */
export function loadHsCodes(hsFile = HS_CODES_FILE, cnFile = CN_LATVIAN_FILE): HsCode[] {
  return buildHsCodes(readFileSync(hsFile, 'utf8'), readFileSync(cnFile, 'utf8'));
}

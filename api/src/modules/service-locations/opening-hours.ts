/**
 * Opening hours of the source feeds, read into a schedule the map can show in the visitor's
 * language. The feeds write them in three conventions (see data/README.md):
 *   - Estonian day letters (Omniva, Itella): `E,T,K,N,R 09:00-17:00 L,P SULETUD`, `E-L9:00-21:00,P10:00-20:00`
 *   - Roman numerals (Unisend, LP Express, Latvijas Pasts): `I-VII: 00-24 h`, `I-VI 08-22 h; VII 09-22 h`, `00:24 h`
 *   - English abbreviations (DPD): `Mon 00:01-23:59; Tue 00:01-23:59; …`
 * Anything else, or a text that leaves a weekday unsaid, gives null: the verbatim text is shown.
 */

/** One weekday, 1 = Monday … 7 = Sunday; no ranges means closed. `to` may be `24:00`. */
export interface DayHours {
  day: number;
  ranges: { from: string; to: string }[];
}

export interface OpeningSchedule {
  days: DayHours[];
  wheelchairAccess?: boolean;
}

const ESTONIAN_DAYS = ['E', 'T', 'K', 'N', 'R', 'L', 'P'];
const ROMAN_DAYS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'];
const ENGLISH_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

const AROUND_THE_CLOCK = { from: '00:00', to: '24:00' };

function time(hours: string, minutes = '00'): string | null {
  const h = Number(hours);
  const m = Number(minutes);
  if (h > 24 || m > 59 || (h === 24 && m > 0)) return null;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** `9:00-17:00`, `09-22`, `8.00-22.00`; the `0:01-23:59` of the DPD feed counts as around the clock. */
function range(text: string): { from: string; to: string } | null {
  const match = text.trim().match(/^(\d{1,2})(?:[:.](\d{2}))?\s*-\s*(\d{1,2})(?:[:.](\d{2}))?$/);
  if (!match) return null;
  const from = time(match[1]!, match[2]);
  const to = time(match[3]!, match[4]);
  if (!from || !to) return null;
  if ((from === '00:00' || from === '00:01') && (to === '23:59' || to === '24:00')) return AROUND_THE_CLOCK;
  return from < to ? { from, to } : null;
}

/** Day names joined by `,` and `-` (`E,T,K`, `E-L`, `I-VI`) into day numbers. */
function dayList(text: string, names: string[]): number[] | null {
  const days: number[] = [];
  for (const part of text.split(',')) {
    const [first, last, extra] = part.split('-').map((name) => names.indexOf(name.trim()));
    if (extra !== undefined || first === undefined || first < 0) return null;
    if (last === undefined) days.push(first + 1);
    else if (last < first) return null;
    else for (let day = first; day <= last; day++) days.push(day + 1);
  }
  return days;
}

function complete(byDay: Map<number, { from: string; to: string }[]>): DayHours[] | null {
  if (byDay.size !== 7) return null;
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: byDay.get(day) ?? [] }));
}

function estonian(text: string): OpeningSchedule | null {
  const [hoursPart = '', ...notes] = text.split(';');
  const note = notes.join(';').trim();
  if (note && !/^ligip[äa][äa]s ratastooliga$/i.test(note)) return null;
  const byDay = new Map<number, { from: string; to: string }[]>();
  // Groups: a day list, then SULETUD (closed) or one or more ranges separated by commas.
  const group =
    /([ETKNRLP](?:\s*[,-]\s*[ETKNRLP])*)\s*(SULETUD|\d{1,2}[:.]\d{2}\s*-\s*\d{1,2}[:.]\d{2}(?:\s*,\s*\d{1,2}[:.]\d{2}\s*-\s*\d{1,2}[:.]\d{2})*)\s*,?\s*/gy;
  let consumed = 0;
  for (const match of hoursPart.trim().matchAll(group)) {
    consumed += match[0].length;
    const days = dayList(match[1]!.replace(/\s+/g, ''), ESTONIAN_DAYS);
    if (!days) return null;
    const ranges = match[2] === 'SULETUD' ? [] : match[2]!.split(',').map(range);
    if (ranges.some((item) => item === null)) return null;
    for (const day of days) {
      if (byDay.has(day)) return null;
      byDay.set(day, ranges as { from: string; to: string }[]);
    }
  }
  if (consumed !== hoursPart.trim().length) return null;
  const days = complete(byDay);
  if (!days) return null;
  return note ? { days, wheelchairAccess: true } : { days };
}

function roman(text: string): OpeningSchedule | null {
  const cleaned = text.trim().replace(/\s*h$/i, '').trim();
  // Only a time: every day. `00:24`, `0:24` and `24h` mean around the clock.
  if (/^(0?0[:.]24|24|0?0\s*-\s*24)$/i.test(cleaned)) return { days: everyDay([AROUND_THE_CLOCK]) };
  const onlyRange = range(cleaned);
  if (onlyRange) return { days: everyDay([onlyRange]) };
  const byDay = new Map<number, { from: string; to: string }[]>();
  for (const part of text.split(';')) {
    const match = part.trim().match(/^([IV]+(?:\s*-\s*[IV]+)?)\s*:?\s*(.+?)\s*h?$/i);
    if (!match) return null;
    const days = dayList(match[1]!.replace(/\s+/g, '').toUpperCase(), ROMAN_DAYS);
    const hours = match[2]!.trim();
    const ranges = /^(0?0[:.]24|0?0\s*-\s*24)$/.test(hours) ? AROUND_THE_CLOCK : range(hours);
    if (!days || !ranges) return null;
    for (const day of days) byDay.set(day, [ranges]);
  }
  const days = complete(byDay);
  return days ? { days } : null;
}

function english(text: string): OpeningSchedule | null {
  const byDay = new Map<number, { from: string; to: string }[]>();
  for (const part of text.split(';')) {
    const match = part.trim().match(/^([A-Za-z]{3})\s+(.+)$/);
    const day = match ? ENGLISH_DAYS.indexOf(match[1]!.toLowerCase()) + 1 : 0;
    if (!match || day === 0) return null;
    if (/^closed$/i.test(match[2]!)) {
      byDay.set(day, []);
      continue;
    }
    const ranges = match[2]!.split(',').map(range);
    if (ranges.some((item) => item === null)) return null;
    byDay.set(day, ranges as { from: string; to: string }[]);
  }
  const days = complete(byDay);
  return days ? { days } : null;
}

function everyDay(ranges: { from: string; to: string }[]): DayHours[] {
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges }));
}

export function parseOpeningHours(text: string | null): OpeningSchedule | null {
  if (!text?.trim()) return null;
  const trimmed = text.trim();
  if (/^(mon|tue|wed|thu|fri|sat|sun)\s/i.test(trimmed)) return english(trimmed);
  if (/^[ETKNRLP](\s*[,-]\s*[ETKNRLP])*\s*(\d|SULETUD)/.test(trimmed)) return estonian(trimmed);
  return roman(trimmed);
}

import { isValidDisplayDate, parseDate, parseDateTime, toDbDate, toDisplayDate, toDisplayDateTime } from './dates';

describe('isValidDisplayDate', () => {
  it.each(['29.02.2024', '31.01.2025', '01.01.2025', '29.02.2000', '31.12.9999'])('%s is a real day', (value) => {
    expect(isValidDisplayDate(value)).toBe(true);
  });

  it.each([
    '31.02.2025',
    '29.02.2025',
    '29.02.1900',
    '31.04.2025',
    '00.01.2025',
    '01.13.2025',
    '1.2.2025',
    '2025-01-01',
    ' 01.01.2025',
    '',
  ])('%j is not', (value) => {
    expect(isValidDisplayDate(value)).toBe(false);
  });
});

describe('parseDate', () => {
  it('reads the display, DB and ISO date-time forms alike', () => {
    const firstOfMarch = { year: 2025, month: 3, day: 1 };
    expect(parseDate('01.03.2025')).toEqual(firstOfMarch);
    expect(parseDate('2025-03-01')).toEqual(firstOfMarch);
    expect(parseDate(' 2025-03-01 ')).toEqual(firstOfMarch);
    expect(parseDate('2025-03-01T10:15:00')).toEqual(firstOfMarch);
    expect(parseDate('2025-03-01T10:15')).toEqual(firstOfMarch);
    expect(parseDate(new Date(2025, 2, 1, 23, 59))).toEqual(firstOfMarch);
  });

  it('reads a date-time with an offset as an instant in local time', () => {
    const instant = new Date('2025-03-01T12:00:00.000Z');
    expect(parseDate('2025-03-01T12:00:00.000Z')).toEqual({
      year: instant.getFullYear(),
      month: instant.getMonth() + 1,
      day: instant.getDate(),
    });
  });

  it.each([
    '31.02.2025',
    '2025-02-29',
    '2025-02-31T10:00:00Z',
    '2025-03-01T25:00:00',
    '2025-03-01 10:00',
    '1.3.2025',
    'yesterday',
    '',
  ])('returns null for %j', (value) => {
    expect(parseDate(value)).toBeNull();
  });

  it('returns null for nothing and for an invalid Date', () => {
    expect(parseDate(null)).toBeNull();
    expect(parseDate(undefined)).toBeNull();
    expect(parseDate(new Date(Number.NaN))).toBeNull();
  });
});

describe('parseDateTime', () => {
  it('makes a date without a time local midnight', () => {
    expect(parseDateTime('01.03.2025')).toEqual(new Date(2025, 2, 1, 0, 0));
  });

  it('keeps years below 100, which the Date constructor would move to the 1900s', () => {
    expect(parseDateTime('0099-01-01')?.getFullYear()).toBe(99);
  });

  it('returns null for what parseDate refuses', () => {
    expect(parseDateTime('31.02.2025')).toBeNull();
    expect(parseDateTime(new Date(Number.NaN))).toBeNull();
  });
});

describe('toDbDate and toDisplayDate', () => {
  it('convert between the display and DB forms', () => {
    expect(toDbDate('29.02.2024')).toBe('2024-02-29');
    expect(toDisplayDate('2024-02-29')).toBe('29.02.2024');
    expect(toDisplayDate('2024-02-29T08:00:00')).toBe('29.02.2024');
    expect(toDbDate(new Date(2025, 11, 31))).toBe('2025-12-31');
  });

  it('pad years to four digits', () => {
    expect(toDbDate('01.01.0099')).toBe('0099-01-01');
  });

  it('return null for invalid input', () => {
    expect(toDbDate('31.02.2025')).toBeNull();
    expect(toDisplayDate('')).toBeNull();
  });
});

describe('toDisplayDateTime', () => {
  it('writes DD.MM.YYYY - H:mm in 24-hour time without a leading zero on the hour', () => {
    expect(toDisplayDateTime('2025-03-01T09:05:00')).toBe('01.03.2025 - 9:05');
    expect(toDisplayDateTime('2025-03-01T21:30')).toBe('01.03.2025 - 21:30');
    expect(toDisplayDateTime(new Date(2025, 2, 1, 0, 0))).toBe('01.03.2025 - 0:00');
    expect(toDisplayDateTime('2025-03-01')).toBe('01.03.2025 - 0:00');
  });

  it('returns null for invalid input', () => {
    expect(toDisplayDateTime('2025-13-01T10:00')).toBeNull();
  });
});

// Node APIs typed by hand: the browser tsconfig checks this file too, and it has no Node types.
declare const process: { execPath: string; env: Record<string, string | undefined> };
declare const __dirname: string;
const { execFileSync } = jest.requireActual<{
  execFileSync(
    file: string,
    args: string[],
    options: { env: Record<string, string | undefined>; encoding: 'utf8' },
  ): string;
}>('node:child_process');

describe('time zones', () => {
  // Jest fixes the time zone at start-up, so the zones far from UTC run in a child process.
  function runIn(timeZone: string, expression: string): string {
    const script = `import(${JSON.stringify(`${__dirname}/dates.ts`)}).then((d) => console.log(JSON.stringify(${expression})));`;
    return execFileSync(process.execPath, ['--import', 'tsx', '--eval', script], {
      env: { ...process.env, TZ: timeZone },
      encoding: 'utf8',
    }).trim();
  }

  it.each(['America/New_York', 'Pacific/Kiritimati', 'Europe/Riga'])(
    'a calendar date keeps its day in %s',
    (timeZone) => {
      const result = runIn(
        timeZone,
        "[d.toDisplayDate('2025-03-01'), d.toDbDate('01.03.2025'), d.toDisplayDateTime('2025-03-01T10:05')]",
      );
      expect(JSON.parse(result)).toEqual(['01.03.2025', '2025-03-01', '01.03.2025 - 10:05']);
    },
    20_000,
  );

  it('shows an instant on its local day', () => {
    expect(JSON.parse(runIn('Europe/Riga', "d.toDisplayDateTime('2025-03-01T23:30:00Z')"))).toBe('02.03.2025 - 1:30');
  }, 20_000);
});

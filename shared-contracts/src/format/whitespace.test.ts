import { collapseWhitespace, emptyStringsToNull } from './whitespace';

describe('collapseWhitespace', () => {
  it.each([
    ['  Brīvības   iela\t1 ', 'Brīvības iela 1'],
    ['a\n\nb', 'a b'],
    ['a\u00a0\u00a0b', 'a b'],
    ['   ', ''],
    ['plain', 'plain'],
  ])('%j → %j', (input, output) => {
    expect(collapseWhitespace(input)).toBe(output);
  });
});

describe('emptyStringsToNull', () => {
  it('turns blank strings into null, deep through objects and arrays', () => {
    const payload = {
      name: 'Anna',
      email: '',
      phone: { prefix: '371', number: '   ' },
      lines: [{ comment: '' }, { comment: 'fragile' }],
      tags: ['', 'a'],
      weight: 0,
      company: false,
      iban: null,
    };
    expect(emptyStringsToNull(payload)).toEqual({
      name: 'Anna',
      email: null,
      phone: { prefix: '371', number: null },
      lines: [{ comment: null }, { comment: 'fragile' }],
      tags: [null, 'a'],
      weight: 0,
      company: false,
      iban: null,
    });
  });

  it('keeps non-blank strings exactly as typed', () => {
    expect(emptyStringsToNull({ note: ' padded ' })).toEqual({ note: ' padded ' });
  });

  it('does not mutate its input', () => {
    const payload = { a: '', nested: { b: '' }, list: [''] };
    const before = JSON.parse(JSON.stringify(payload));
    emptyStringsToNull(payload);
    expect(payload).toEqual(before);
  });

  it('passes class instances such as Date through untouched', () => {
    const createdAt = new Date(2025, 0, 1);
    expect(emptyStringsToNull({ createdAt }).createdAt).toBe(createdAt);
  });

  it('handles a bare string', () => {
    expect(emptyStringsToNull(' ')).toBeNull();
  });
});

import { findUnsafeText, isSafeText, MAX_TEXT_DEPTH } from './safe-text';

describe('isSafeText', () => {
  it.each([
    ['plain text', 'Rīga, Brīvības iela 1', true],
    ['an emoji (a surrogate pair)', 'pack 🙂', true],
    ['a line break', 'a\nb', true],
    ['a NUL character', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a lone low surrogate at the end', 'ab\udc00', false],
    ['a reversed pair', '\udc00\ud800', false],
  ])('%s', (_name, value, safe) => {
    expect(isSafeText(value)).toBe(safe);
  });
});

describe('findUnsafeText', () => {
  it('finds every unsafe string or key with its path', () => {
    const body = {
      notes: 'ok',
      orderLines: [{ contents: 'x\u0000' }, { contents: 'fine', tags: ['\ud83d'] }],
      'bad\u0000key': 1,
      count: 5,
      nothing: null,
    };
    expect(findUnsafeText(body)).toEqual([
      ['orderLines', 0, 'contents'],
      ['orderLines', 1, 'tags', 0],
      ['bad\u0000key'],
    ]);
  });

  it('walks values nested far deeper than the call stack allows, reporting what lies past the limit', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 20_000; level++) deep = [deep];
    expect(findUnsafeText(deep)).toEqual([Array.from({ length: MAX_TEXT_DEPTH }, () => 0)]);
    let shallow: unknown = 'x\u0000';
    for (let level = 0; level < MAX_TEXT_DEPTH - 1; level++) shallow = { a: shallow };
    expect(findUnsafeText(shallow)).toEqual([Array.from({ length: MAX_TEXT_DEPTH - 1 }, () => 'a')]);
  });

  it('finds nothing in safe values', () => {
    expect(findUnsafeText({ a: ['b', { c: 'd 🙂' }], e: true })).toEqual([]);
    expect(findUnsafeText(undefined)).toEqual([]);
  });
});

import { latinNameSuggestion, toLatinLetters } from './latin-name';
import { nameProblem } from './person-rules';

describe('a name in Latin letters for the Latin-only name rule (issue 40 item 6)', () => {
  it('writes Russian and Latvian-Russian Cyrillic names in Latin letters the rule accepts', () => {
    expect(latinNameSuggestion('Дмитрий Волков')).toBe('Dmitriy Volkov');
    expect(latinNameSuggestion('Щукин Жорж')).toBe('Shchukin Zhorzh');
    expect(nameProblem(latinNameSuggestion('Юлия Ёлкина-Петрова') ?? '')).toBeNull();
  });

  it('keeps Latin letters, Latvian diacritics included, and transliterates only the rest', () => {
    expect(toLatinLetters('Jānis Волков')).toBe('Jānis Volkov');
    expect(latinNameSuggestion('Jānis Bērziņš')).toBeNull();
  });

  it('offers nothing for a name that is too short or that no transliteration makes acceptable', () => {
    expect(latinNameSuggestion('Я')).toBeNull();
    expect(latinNameSuggestion('Anna 2')).toBeNull();
  });
});

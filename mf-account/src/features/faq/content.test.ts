import { FAQ, FAQ_SECTIONS, foldForSearch, searchFaq } from './content';

describe('FAQ content and search', () => {
  it('has every SPEC section in both languages, with the same number of questions', () => {
    for (const locale of ['en', 'lv'] as const) {
      expect(new Set(FAQ[locale].map((entry) => entry.section))).toEqual(new Set(FAQ_SECTIONS));
    }
    expect(FAQ.lv.length).toBe(FAQ.en.length);
  });

  it('ignores diacritics and case, and needs every word', () => {
    expect(foldForSearch('Piegāde ĀRPUS')).toBe('piegade arpus');
    const found = searchFaq(FAQ.lv, 'piegade latvija');
    expect(found.map((entry) => entry.section)).toEqual(['delivery']);
    expect(searchFaq(FAQ.en, 'parcel locker 30 kg')).toHaveLength(1);
    expect(searchFaq(FAQ.en, 'xyzzy')).toEqual([]);
    expect(searchFaq(FAQ.en, '  ')).toHaveLength(FAQ.en.length);
  });
});

describe('FAQ question ids (links to one question)', () => {
  it('gives every question an id of its own, the same in both languages', () => {
    const ids = FAQ.en.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(FAQ.lv.map((entry) => entry.id)).toEqual(ids);
    // The lists answer each other: the same section at each place.
    expect(FAQ.lv.map((entry) => entry.section)).toEqual(FAQ.en.map((entry) => entry.section));
    expect(ids[0]).toBe('do-i-need-an-account-to-send-a-shipment');
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

import { DEFAULT_LABEL_FORMAT, isLabelFormat, LABEL_FORMATS, labelFormatsDefaultFirst } from './label-formats';

describe('label formats', () => {
  it('are A6, A4 and zpl, A6 by default', () => {
    expect(LABEL_FORMATS).toEqual(['A6', 'A4', 'zpl']);
    expect(DEFAULT_LABEL_FORMAT).toBe('A6');
    expect(['A6', 'A4', 'zpl', 'ZPL', 'A5', null].map(isLabelFormat)).toEqual([true, true, true, false, false, false]);
  });

  it('are offered with the preferred one first, the others in their order', () => {
    expect(labelFormatsDefaultFirst('zpl')).toEqual(['zpl', 'A6', 'A4']);
    expect(labelFormatsDefaultFirst('A4')).toEqual(['A4', 'A6', 'zpl']);
    expect(labelFormatsDefaultFirst(undefined)).toEqual(['A6', 'A4', 'zpl']);
  });
});

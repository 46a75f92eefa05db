import {
  EU_MEMBER_STATES,
  isDeclarableHsCode,
  isDeclarableHsEntry,
  isEuMemberState,
  needsContentStep,
  needsCustomsDeclaration,
} from './customs';

describe('needsCustomsDeclaration', () => {
  it('asks for customs data only outside the EU customs territory', () => {
    for (const code of ['LV', 'LT', 'EE', 'DE', 'lv', ' fi ']) expect(needsCustomsDeclaration(code)).toBe(false);
    for (const code of ['US', 'NO', 'GB', 'CH', 'UA', 'GL']) expect(needsCustomsDeclaration(code)).toBe(true);
  });

  it('asks nothing while the destination is unknown', () => {
    expect(needsCustomsDeclaration(null)).toBe(false);
    expect(needsCustomsDeclaration(undefined)).toBe(false);
    expect(needsCustomsDeclaration('')).toBe(false);
  });

  it('knows the 27 member states, Greece as GR and not the United Kingdom', () => {
    expect(EU_MEMBER_STATES).toHaveLength(27);
    expect(new Set(EU_MEMBER_STATES).size).toBe(27);
    expect(isEuMemberState('GR')).toBe(true);
    expect(isEuMemberState('EL')).toBe(false);
    expect(isEuMemberState('GB')).toBe(false);
  });
});

describe('needsContentStep', () => {
  it('has the content step for a parcel leaving the EU, not for one staying in it', () => {
    expect(needsContentStep({ shipmentType: 'parcel', countryCode: 'US', additionalServices: [] })).toBe(true);
    expect(needsContentStep({ shipmentType: 'parcel', countryCode: 'LT', additionalServices: [] })).toBe(false);
    // A letter has the step only for value-dependent services.
    expect(needsContentStep({ shipmentType: 'letter', countryCode: 'US', additionalServices: [] })).toBe(false);
  });

  it('has it for an insured or cash-on-delivery shipment anywhere (content values, SPEC §5)', () => {
    expect(needsContentStep({ shipmentType: 'parcel', countryCode: 'LV', additionalServices: ['insurance'] })).toBe(
      true,
    );
    expect(
      needsContentStep({ shipmentType: 'letter', countryCode: 'LV', additionalServices: ['cashOnDeliveryToBank'] }),
    ).toBe(true);
    expect(needsContentStep({ shipmentType: 'parcel', countryCode: 'LV', additionalServices: ['fragile'] })).toBe(
      false,
    );
  });
});

describe('declarable HS codes (issue 40: one rule for the search and the order rules)', () => {
  const levels = new Map([
    ['61', 2],
    ['6105', 4],
    ['610510', 6],
  ]);
  const levelOf = (code: string) => levels.get(code);

  it('takes a subheading, and CN or national codes beginning with one', () => {
    for (const code of ['610510', '6105.10', '6105 10 00', '6105100000'])
      expect(isDeclarableHsCode(code, levelOf)).toBe(true);
  });

  it('refuses chapters, headings, unknown and malformed codes', () => {
    for (const code of ['61', '6105', '610590', '61051000001', '6105x0', ''])
      expect(isDeclarableHsCode(code, levelOf)).toBe(false);
  });

  it('offers only subheadings from the nomenclature', () => {
    expect([2, 4, 6].map((level) => isDeclarableHsEntry({ level }))).toEqual([false, false, true]);
  });
});

import { isDeclarableHsEntry } from '@portal/shared-contracts/orders';
import { buildHsCodes, latvianNames, loadHsCodes, parseCsv } from '../../../src/modules/hs-codes/seed';
import { HsCodeService } from '../../../src/modules/hs-codes/service';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, CRLF, a byte-order mark and empty fields', () => {
    const text = '\uFEFFcode,name,note\r\n01,"Animals; live, all","say ""hi"""\r\n02,,\n03,x,';
    expect(parseCsv(text)).toEqual([
      { code: '01', name: 'Animals; live, all', note: 'say "hi"' },
      { code: '02', name: '', note: '' },
      { code: '03', name: 'x', note: '' },
    ]);
  });

  it('refuses a stray quote instead of misreading the file', () => {
    expect(() => parseCsv('a,b\n1,x"y\n')).toThrow(/Malformed CSV/);
  });
});

describe('latvianNames', () => {
  it('matches CN codes written with spaces, and finds an undivided subheading through its CN code', () => {
    const names = latvianNames([
      { code: '0101', name_lv: 'Dzīvi zirgi' },
      { code: '0101 21 00', name_lv: 'tīršķirnes vaislas lopi' },
      { code: '040900', name_lv: 'Dabiskais medus' },
      { code: 'I', name_lv: 'DZĪVI DZĪVNIEKI' },
    ]);
    expect(names('0101')).toBe('Dzīvi zirgi');
    expect(names('010121')).toBe('tīršķirnes vaislas lopi');
    expect(names('0409')).toBe('Dabiskais medus');
    expect(names('010129')).toBeNull();
  });
});

describe('the bundled nomenclature', () => {
  const codes = loadHsCodes();
  const byCode = new Map(codes.map((entry) => [entry.code, entry]));

  it('holds the HS 2022 chapters, headings and subheadings without the Comtrade placeholders', () => {
    const levels = (level: number) => codes.filter((entry) => entry.level === level).length;
    // data/README.md: 97 chapters, 1,229 headings, 5,613 subheadings, each less chapter 99's line.
    expect([levels(2), levels(4), levels(6)]).toEqual([96, 1228, 5612]);
    for (const code of ['99', '9999', '999999', 'TOTAL']) expect(byCode.has(code)).toBe(false);
    for (const entry of codes) {
      expect(entry.code).toMatch(entry.level === 2 ? /^\d{2}$/ : entry.level === 4 ? /^\d{4}$/ : /^\d{6}$/);
      if (entry.parent !== null) expect(byCode.get(entry.parent)?.level).toBe(entry.level - 2);
    }
  });

  it('gives every code a Latvian name, context-dependent ones after their heading', () => {
    expect(codes.filter((entry) => entry.descriptionLv === null)).toEqual([]);
    expect(byCode.get('0101')?.descriptionLv).toBe('Dzīvi zirgi, ēzeļi, mūļi un zirgēzeļi');
    expect(byCode.get('010121')?.descriptionLv).toBe('Dzīvi zirgi, ēzeļi, mūļi un zirgēzeļi — tīršķirnes vaislas lopi');
    // Written as a whole name in CN (upper-case start): kept as it is.
    expect(byCode.get('020500')?.descriptionLv).toBe(
      'Svaiga, atdzesēta vai saldēta zirgu, ēzeļu, mūļu vai zirgēzeļu gaļa',
    );
    expect(byCode.get('0409')?.descriptionLv).toBe('Dabiskais medus');
  });

  it('leaves the Latvian name null when CN has none', () => {
    const hs = 'section,hscode,description,parent,level\nI,01,Animals; live,TOTAL,2\nI,0101,Horses,01,4\n';
    expect(buildHsCodes(hs, 'code,name_lv\n01,DZĪVI DZĪVNIEKI\n')).toEqual([
      { code: '01', description: 'Animals; live', descriptionLv: 'DZĪVI DZĪVNIEKI', level: 2, parent: null },
      { code: '0101', description: 'Horses', descriptionLv: null, level: 4, parent: '01' },
    ]);
  });
});

describe('HsCodeService.isKnownCustomsCode', () => {
  const service = new HsCodeService(loadHsCodes());

  it.each([
    ['490199', true],
    ['4901.99', true],
    ['49019900', true],
    ['4901990000', true],
    ['4901', false],
    ['49', false],
    ['49019900001', false],
    ['010110', false],
    ['999999', false],
    ['49x199', false],
    ['', false],
  ])('%j → %s', (code, known) => {
    expect(service.isKnownCustomsCode(code)).toBe(known);
  });
});

describe('the search and the declaration agree (issue 40: the search suggested codes the rules refused)', () => {
  const service = new HsCodeService(loadHsCodes());

  it.each(['6105', '4901', 'shirts', 'printed books', 'horses', 'honey', '61'])(
    'every code the wizard offers for %j is one a declaration takes, and only those',
    (query) => {
      const { items } = service.search(query);
      const offered = items.filter(isDeclarableHsEntry);
      expect(offered.length).toBeGreaterThan(0);
      for (const entry of offered) expect(service.isKnownCustomsCode(entry.code)).toBe(true);
      for (const entry of items.filter((item) => !isDeclarableHsEntry(item)))
        expect(service.isKnownCustomsCode(entry.code)).toBe(false);
    },
  );
});

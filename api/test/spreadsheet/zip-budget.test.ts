import ExcelJS from 'exceljs';
import { measureZip, ZIP_BUDGET, ZipRefusal, zipDirectory } from '../../src/spreadsheet/zip-budget';
import { deflatedZeros, part, WORKBOOK_PARTS, zipOf } from './bomb';

// The zip budget (issue 36 item 3): the directory's claims first, then the real unpacked bytes
// counted while inflating, whatever the headers claim.

const refusalOf = (work: () => unknown) => {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof ZipRefusal ? error.reason : error;
  }
};

let zeros64: Buffer;
beforeAll(async () => {
  zeros64 = await deflatedZeros(64);
});

describe('zip budget', () => {
  it('passes an honest workbook and counts what it really unpacks to', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contacts');
    sheet.addRow(['Name', 'Country']);
    for (let index = 0; index < 500; index++) sheet.addRow([`Person ${index}`, 'LV']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const entries = zipDirectory(file);
    const declared = entries.reduce((sum, entry) => sum + entry.declaredSize, 0);
    expect(entries.some((entry) => entry.name === 'xl/workbook.xml')).toBe(true);
    expect(measureZip(file, entries)).toBe(declared);
  });

  it('refuses an entry that unpacks to more than its headers claim, at the first megabyte', () => {
    const file = zipOf([...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', packed: zeros64, claimedSize: 4096 }]);
    const entries = zipDirectory(file);
    expect(refusalOf(() => measureZip(file, entries))).toBe('overBudget');
  });

  it('refuses by the ratio an entry that claims its true size, and by the directory a total over the ceiling', () => {
    const honestClaim = zipOf([
      ...WORKBOOK_PARTS,
      { name: 'xl/worksheets/sheet1.xml', packed: zeros64, claimedSize: 64 * 1024 * 1024 },
    ]);
    expect(refusalOf(() => measureZip(honestClaim, zipDirectory(honestClaim)))).toBe('overBudget');
    // Without the ratio, the real bytes are counted against the total (the directory was checked with more room).
    const loose = { ...ZIP_BUDGET, maxRatio: 10_000, maxUnpackedBytes: 32 * 1024 * 1024 };
    expect(refusalOf(() => measureZip(honestClaim, zipDirectory(honestClaim), loose))).toBe('overBudget');
    expect(measureZip(honestClaim, zipDirectory(honestClaim), { ...loose, maxUnpackedBytes: 65 * 1024 * 1024 })).toBe(
      64 * 1024 * 1024 + WORKBOOK_PARTS.reduce((sum, { claimedSize }) => sum + claimedSize, 0),
    );
    expect(refusalOf(() => zipDirectory(honestClaim, loose))).toBe('overBudget');
  });

  it('refuses too many entries, ZIP64 claims, damaged entries and files that are not zips', () => {
    const many = zipOf(Array.from({ length: 20 }, (_, index) => part(`xl/part${index}.xml`, '<a/>')));
    expect(refusalOf(() => zipDirectory(many, { ...ZIP_BUDGET, maxEntries: 10 }))).toBe('overBudget');
    const zip64 = zipOf([{ ...part('xl/workbook.xml', '<a/>'), claimedSize: 0xffffffff }]);
    expect(refusalOf(() => zipDirectory(zip64))).toBe('overBudget');
    const short = zipOf([{ ...part('xl/workbook.xml', '<workbook/>'), claimedSize: 1000 }]);
    expect(refusalOf(() => measureZip(short, zipDirectory(short)))).toBe('notZip');
    const garbage = zipOf([
      { name: 'xl/workbook.xml', packed: Buffer.from([0xff, 0xff, 0xff, 0xff]), claimedSize: 10 },
    ]);
    expect(refusalOf(() => measureZip(garbage, zipDirectory(garbage)))).toBe('notZip');
    expect(refusalOf(() => zipDirectory(Buffer.from('name,country\nAnna,LV\n')))).toBe('notZip');
  });
});

/**
 * @jest-environment ./api/test/modules/documents/pdf-environment.cjs
 */
import { CN22_MAX_VALUE_CENTS, customsFormFor, renderCustomsDeclaration } from '../../../src/modules/documents';
import { shipment, usShipment } from './fixtures';
import { readPdf } from './pdf-reading';

describe('customsFormFor', () => {
  const contents = (...values: number[]) => ({
    contents: values.map((valueCents) => ({ description: 'x', quantity: 1, weightGrams: 1, valueCents })),
  });

  it('chooses CN 22 up to 300 EUR of content and CN 23 above', () => {
    expect(CN22_MAX_VALUE_CENTS).toBe(30_000);
    expect(customsFormFor(contents(100))).toBe('CN22');
    expect(customsFormFor(contents(10_000, 20_000))).toBe('CN22');
    expect(customsFormFor(contents(10_000, 20_001))).toBe('CN23');
    expect(customsFormFor(contents(150_000))).toBe('CN23');
  });
});

describe('renderCustomsDeclaration', () => {
  it('fills a CN 22 (one A6 page) when the content is worth 300 EUR', async () => {
    const read = await readPdf(await renderCustomsDeclaration(usShipment(10_000, 20_000)));
    expect(read.pages).toHaveLength(1);
    expect(read.pageSizes[0]?.[0]).toBeCloseTo(297.64, 0);
    const text = read.pages[0]!;
    expect(text).toContain('CN 22');
    expect(text).not.toContain('CN 23');
    for (const expected of [
      'CUSTOMS DECLARATION',
      'Item No: CC 000 000 005 LV',
      '2 × Adīti vilnas cimdi',
      '1 × Dzintara kaklarota',
      '0,400',
      '0,650',
      '100,00 €',
      '200,00 €',
      '611693',
      '711790',
      'Total gross weight (kg): 1,200',
      'Total value: 300,00 €',
      'Jānis Bērziņš',
      '22.11.2026',
    ]) {
      expect(text).toContain(expected);
    }
    // The nature of transaction is crossed: the X stands right before "Sale of goods" only.
    expect(text).toMatch(/X\s*Sale of goods/);
    expect(text).not.toMatch(/X\s*Gift/);
  });

  it('fills a CN 23 (A4) above 300 EUR, with both parties, documents, postage and category', async () => {
    const read = await readPdf(await renderCustomsDeclaration(usShipment(10_000, 20_001)));
    expect(read.pages).toHaveLength(1);
    expect(read.pageSizes[0]?.[0]).toBeCloseTo(595.28, 0);
    const text = read.pages[0]!;
    expect(text).toContain('CN 23');
    expect(text).not.toContain('CN 22');
    for (const expected of [
      'From (sender)',
      'SIA Ķēniņu Šūšana',
      'Ūdeļu iela 12-3',
      'LV-1050 Rīga',
      'To (addressee)',
      'Mary Smith',
      '62701 Springfield, IL',
      'United States',
      'Adīti vilnas cimdi',
      'Dzintara kaklarota',
      '200,01 €',
      'Total value: 300,01 €',
      'Total gross weight (kg): 1,200',
      'Total net weight of contents (kg): 1,050',
      'Postal charges/Fees: 25,00 €',
      'Invoice: INV-2026-17',
      'Certificate: CO-77',
      'Licence: —',
      'Comments: Handmade in Latvia',
      'LV40003000000',
      'Date of posting: Latvijas Pasts, 22.11.2026',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/X\s*Sale of goods/);
  });

  it('marks the chosen category and prints the explanation for other', async () => {
    const base = usShipment(5_000, 5_000);
    const gift = {
      ...base,
      customs: { ...base.customs!, natureOfTransaction: 'other' as const, explanation: 'Dāvana draugam' },
    };
    const text = (await readPdf(await renderCustomsDeclaration(gift))).pages[0]!;
    expect(text).toMatch(/X\s*Other/);
    expect(text).not.toMatch(/X\s*Sale of goods/);
    expect(text).toContain('Explanation: Dāvana draugam');
  });

  it('prints ten content lines on one page', async () => {
    const base = usShipment(1_000, 1_000);
    const ten = Array.from({ length: 10 }, (_, index) => ({
      ...base.customs!.contents[0]!,
      description: `Prece nr. ${index + 1} ar garu aprakstu, kas jāpārnes nākamajā rindā`,
      valueCents: 5_000,
    }));
    const read = await readPdf(
      await renderCustomsDeclaration({ ...base, customs: { ...base.customs!, contents: ten } }),
    );
    expect(read.pages).toHaveLength(1);
    expect(read.pages[0]).toContain('CN 23');
    expect(read.pages[0]).toContain('Prece nr. 10');
    expect(read.pages[0]).toContain('Total value: 500,00 €');
  });

  it('keeps a CN 23 with ten very long content lines and long comments on one A4 page', async () => {
    const base = usShipment(1_000, 1_000);
    const long = 'Ļoti garš teksts par precēm, kas aizņem daudz vietas uz veidlapas. '.repeat(4);
    const ten = Array.from({ length: 10 }, (_, index) => ({
      ...base.customs!.contents[0]!,
      description: `Prece ${index + 1}: ${long}`,
      valueCents: 5_000,
    }));
    const customs = {
      ...base.customs!,
      contents: ten,
      comments: long.repeat(3),
      explanation: long,
      natureOfTransaction: 'other' as const,
    };
    const read = await readPdf(
      await renderCustomsDeclaration({ ...base, sender: { ...base.sender, name: long }, customs }),
    );
    expect(read.pages).toHaveLength(1);
    expect(read.pages[0]).toContain('Prece 10');
    expect(read.pages[0]).toContain("Date and sender's signature");
  });

  it('keeps a CN 22 with ten long content lines on its one A6 page', async () => {
    const base = usShipment(1_000, 1_000);
    const ten = Array.from({ length: 10 }, (_, index) => ({
      ...base.customs!.contents[0]!,
      description: `Prece nr. ${index + 1} ar ļoti garu aprakstu, kas nekādi nesaiet vienā rindā un turpinās`,
      valueCents: 2_000,
    }));
    const read = await readPdf(
      await renderCustomsDeclaration({ ...base, customs: { ...base.customs!, contents: ten } }),
    );
    expect(read.pages).toHaveLength(1);
    expect(read.pages[0]).toContain('CN 22');
    expect(read.pages[0]).toContain('Prece nr. 10');
    expect(read.pages[0]).toContain('Total value: 200,00 €');
    expect(read.pages[0]).toContain("Date and sender's signature");
  });

  it('refuses a shipment without customs content', async () => {
    await expect(renderCustomsDeclaration(shipment())).rejects.toThrow(RangeError);
    const empty = usShipment(1, 1);
    await expect(renderCustomsDeclaration({ ...empty, customs: { ...empty.customs!, contents: [] } })).rejects.toThrow(
      RangeError,
    );
  });
});

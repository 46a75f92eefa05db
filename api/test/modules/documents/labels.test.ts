/**
 * @jest-environment ./api/test/modules/documents/pdf-environment.cjs
 */

import { makeS10 } from '@portal/shared-contracts/s10';
import { code128Png, renderLabels } from '../../../src/modules/documents';
import { shipment } from './fixtures';
import { decodeCode128, readPdf } from './pdf-reading';

const A6_SIZE = [297.64, 419.53];
const A4_SIZE = [595.28, 841.89];

function expectSize(actual: [number, number] | undefined, expected: number[]) {
  expect(actual?.[0]).toBeCloseTo(expected[0]!, 0);
  expect(actual?.[1]).toBeCloseTo(expected[1]!, 0);
}

describe('code128Png', () => {
  it('draws a Code 128 barcode that decodes to the shipment number', async () => {
    const png = await code128Png('RR123456785LV');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await decodeCode128(png)).toEqual(['RR123456785LV']);
  });
});

describe('renderLabels A6', () => {
  it('prints one label per A6 page with sender, receiver, product, weight and the number', async () => {
    const second = shipment({
      shipmentNumber: 'RR123456785LV',
      productLabel: 'Registered letter, Latvia',
      weightGrams: 950,
      serviceNotes: [],
      deliveryPoint: null,
    });
    const pdf = await renderLabels([shipment(), second], { format: 'A6' });
    const read = await readPdf(pdf);

    expect(read.pages).toHaveLength(2);
    for (const size of read.pageSizes) expectSize(size, A6_SIZE);

    const [first, other] = read.pages as [string, string];
    for (const text of [
      'Parcel locker M, Lithuania',
      '22.11.2026',
      'From / Sūtītājs',
      'Jānis Bērziņš',
      'SIA Ķēniņu Šūšana',
      'Ūdeļu iela 12-3',
      'LV-1050 Rīga',
      'To / Saņēmējs',
      'Ona Petraitienė',
      'Gedimino pr. 9',
      'LT-01103 Vilnius',
      'LITHUANIA',
      'Parcel locker Vilnius Akropolis',
      'Weight / Svars: 2 kg',
      'Fragile / Trausls',
      'CC 473 124 829 LV',
    ]) {
      expect(first).toContain(text);
    }
    expect(other).toContain('Registered letter, Latvia');
    expect(other).toContain('Weight / Svars: 950 g');
    expect(other).toContain('RR 123 456 785 LV');
    expect(other).not.toContain('CC 473 124 829 LV');
  });

  it('places a barcode image on each page that decodes to that page’s number, also on the printed page', async () => {
    const numbers = ['CC473124829LV', 'RR123456785LV'];
    const pdf = await renderLabels(
      numbers.map((shipmentNumber) => shipment({ shipmentNumber })),
      { format: 'A6' },
    );
    const read = await readPdf(pdf);
    expect(read.images.map((images) => images.length)).toEqual([1, 1]);
    for (const [page, number] of numbers.entries()) {
      expect(await decodeCode128(read.images[page]![0]!)).toEqual([number]);
      expect(await decodeCode128(read.screenshots[page]!)).toEqual([number]);
    }
  });

  it('keeps a label on its page however long the texts are', async () => {
    const long = 'Ļoti gara adrese ar daudziem vārdiem '.repeat(12);
    const pdf = await renderLabels(
      [
        shipment({
          productLabel: long,
          receiver: {
            ...shipment().receiver,
            name: long,
            address: { ...shipment().receiver.address, addressLine: long },
          },
          serviceNotes: [long, long],
          deliveryPoint: long,
        }),
      ],
      { format: 'A6' },
    );
    const read = await readPdf(pdf);
    expect(read.pages).toHaveLength(1);
    expect(await decodeCode128(read.screenshots[0]!)).toEqual(['CC473124829LV']);
  });
});

describe('renderLabels A4', () => {
  it('puts four labels on each A4 page, 2 × 2, and continues on a new page', async () => {
    const valid = [1, 2, 3, 4, 5].map((serial) => makeS10('CC', serial));
    const pdf = await renderLabels(
      valid.map((shipmentNumber, index) =>
        shipment({ shipmentNumber, receiver: { ...shipment().receiver, name: `Receiver ${index + 1}` } }),
      ),
      { format: 'A4' },
    );
    const read = await readPdf(pdf);
    expect(read.pages).toHaveLength(2);
    for (const size of read.pageSizes) expectSize(size, A4_SIZE);
    expect(read.images.map((images) => images.length)).toEqual([4, 1]);
    for (const name of ['Receiver 1', 'Receiver 2', 'Receiver 3', 'Receiver 4']) expect(read.pages[0]).toContain(name);
    expect(read.pages[1]).toContain('Receiver 5');
    expect(read.pages[1]).not.toContain('Receiver 4');

    const decoded = await Promise.all(read.images.flat().map((image) => decodeCode128(image)));
    expect(decoded.flat().sort()).toEqual([...valid].sort());
    // The rendered first page carries all four barcodes, each readable in place.
    expect((await decodeCode128(read.screenshots[0]!)).sort()).toEqual(valid.slice(0, 4).sort());
  });
});

describe('renderLabels input', () => {
  it('refuses an empty list', async () => {
    await expect(renderLabels([], { format: 'A6' })).rejects.toThrow(RangeError);
  });
});

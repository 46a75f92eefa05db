/**
 * @jest-environment ./api/test/modules/documents/pdf-environment.cjs
 */

import { labelContent, renderLabels } from '../../../src/modules/documents';
import {
  wrapLines,
  ZPL_DPI,
  ZPL_FONT_FILE,
  ZPL_LABEL_LENGTH,
  ZPL_LABEL_WIDTH,
  zplFieldData,
} from '../../../src/modules/documents/zpl';
import { shipment } from './fixtures';
import { findCode128 } from './pdf-reading';
import { parseZpl, pngSize } from './zpl-reading';

// The ZPL label (issue 20 item 4): read back command by command and compared with the content the
// PDF label prints (labelContent), then rendered to an image by zebrash (zpl-renderer-js, offline
// WebAssembly) whose barcode must decode to the shipment number.

const LATVIAN = 'āčēģīķļņšūž ĀČĒĢĪĶĻŅŠŪŽ';

describe('renderLabels zpl', () => {
  it('writes one 812 × 1218 dot UTF-8 label per shipment with the PDF label’s words and a Code 128 barcode', async () => {
    const shipments = [
      shipment(),
      shipment({
        shipmentNumber: 'RR123456785LV',
        productLabel: 'Registered letter, Latvia',
        weightGrams: 950,
        serviceNotes: ['Insured 200,00 €', 'Fragile / Trausls'],
        deliveryPoint: null,
        receiver: { ...shipment().receiver, name: `Ģirts ${LATVIAN}` },
      }),
    ];
    const zpl = (await renderLabels(shipments, { format: 'zpl' })).toString('utf8');
    const labels = parseZpl(zpl);
    expect(labels).toHaveLength(2);

    for (const [index, label] of labels.entries()) {
      const content = labelContent(shipments[index]!);
      expect(label).toMatchObject({ width: 812, length: 1218, charset: '28' });
      expect(label.fontAssignments).toEqual([`S,${ZPL_FONT_FILE}`]);
      // Every text in the Unicode font, every field on the label.
      const texts = label.fields.filter((field) => field.barcode === null);
      for (const field of texts) expect(field.font).toMatch(/^SN,\d+,\d+$/);
      for (const field of label.fields) {
        expect(field.x).toBeGreaterThanOrEqual(0);
        expect(field.x).toBeLessThan(812);
        expect(field.y).toBeGreaterThanOrEqual(0);
        expect(field.y).toBeLessThan(1218);
      }
      // The same words as the PDF label, in the same order (long ones wrapped onto more lines).
      const expected = [
        content.product,
        content.postedOn,
        'From / Sūtītājs',
        ...content.senderLines,
        'To / Saņēmējs',
        ...content.receiverLines,
        content.receiverCountry,
        ...(content.deliveryPoint ? [content.deliveryPoint] : []),
        content.weight,
        ...(content.services ? [content.services] : []),
        content.shipmentNumber,
      ];
      expect(texts.map((field) => field.text).join(' ')).toBe(expected.join(' '));
      // The barcode: Code 128 of the S10 number.
      const barcodes = label.fields.filter((field) => field.barcode !== null);
      expect(barcodes).toEqual([expect.objectContaining({ text: content.barcode, barcode: 'N,200,N,N,N' })]);
    }
    expect(labels[1]!.fields.map((field) => field.text).join(' ')).toContain(`Ģirts ${LATVIAN}`);
    expect(labels[0]!.fields.map((field) => field.text)).toEqual(
      expect.arrayContaining(['CC473124829LV', 'CC 473 124 829 LV', 'LITHUANIA', 'Weight / Svars: 2 kg']),
    );
    // Latvian letters are sent as UTF-8 bytes, not escaped.
    expect(zpl).toContain('Jānis Bērziņš');
  });

  it('escapes ^, ~ and _ in the data so a name cannot start a command', async () => {
    expect(zplFieldData('A^B~C_D\\E')).toBe('A_5EB_7EC_5FD_5CE');
    const sly = shipment({ receiver: { ...shipment().receiver, name: 'Evil ^XZ^XA~JR name_1' } });
    const zpl = (await renderLabels([sly], { format: 'zpl' })).toString('utf8');
    const [label] = parseZpl(zpl);
    expect(parseZpl(zpl)).toHaveLength(1);
    expect(label!.fields.map((field) => field.text)).toContain('Evil ^XZ^XA~JR name_1');
  });

  it('wraps long lines by words and ends what does not fit with an ellipsis', async () => {
    expect(wrapLines(['one two three four'], 9, 5)).toEqual(['one two', 'three', 'four']);
    expect(wrapLines(['one two three four'], 9, 2)).toEqual(['one two', 'three…']);
    expect(wrapLines(['abcdefghijkl'], 5, 5)).toEqual(['abcde', 'fghij', 'kl']);
    const long = shipment({
      receiver: {
        ...shipment().receiver,
        address: { ...shipment().receiver.address, addressLine: 'Ļoti gara iela '.repeat(20).trim() },
      },
    });
    const [label] = parseZpl((await renderLabels([long], { format: 'zpl' })).toString('utf8'));
    const texts = label!.fields.map((field) => field.text);
    const receiver = texts.slice(texts.indexOf('To / Saņēmējs') + 1, texts.indexOf('LITHUANIA'));
    expect(receiver).toHaveLength(5);
    expect(receiver[0]).toBe('Ona Petraitienė');
    expect(receiver[4]).toMatch(/…$/);
    // The weight and the number still have their places below.
    expect(texts).toEqual(expect.arrayContaining(['Weight / Svars: 2 kg', 'CC 473 124 829 LV']));
  });

  it('refuses an empty list', async () => {
    await expect(renderLabels([], { format: 'zpl' })).rejects.toThrow(RangeError);
  });
});

describe('the ZPL label rendered (zebrash)', () => {
  it('prints a 4 × 6 in label whose barcode, centred inside it, decodes to the shipment number', async () => {
    expect([ZPL_LABEL_WIDTH, ZPL_LABEL_LENGTH]).toEqual([812, 1218]);
    const zpl = (await renderLabels([shipment({ shipmentNumber: 'RR123456785LV' })], { format: 'zpl' })).toString(
      'utf8',
    );
    const { ready } = await import('zpl-renderer-js');
    const { api } = await ready;
    // 203 dpi is 8 dots per mm to the renderer; the page is the label's ^PW × ^LL dots.
    const dotsPerMm = Math.round(ZPL_DPI / 25.4);
    const png = Buffer.from(
      await api.zplToBase64Async(zpl, ZPL_LABEL_WIDTH / dotsPerMm, ZPL_LABEL_LENGTH / dotsPerMm, dotsPerMm),
      'base64',
    );
    expect(pngSize(png)).toEqual([812, 1218]);
    const [found, ...others] = await findCode128(png);
    expect(others).toEqual([]);
    expect(found?.text).toBe('RR123456785LV');
    // Inside the label with a quiet zone of 10 modules (30 dots) or more on each side, and centred.
    expect(found!.left).toBeGreaterThanOrEqual(30 + 32);
    expect(found!.right).toBeLessThanOrEqual(812 - 30 - 32);
    expect(Math.abs(found!.left + found!.right - 812)).toBeLessThan(12);
    expect(found!.bottom).toBeLessThan(1218 - 60);
  }, 120_000);
});

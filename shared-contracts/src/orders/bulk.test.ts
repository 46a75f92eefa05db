import {
  BULK_COLUMNS,
  BULK_TEMPLATE_FIELDS,
  type BulkRow,
  bulkFieldOfPath,
  bulkRowOfContact,
  bulkRowOfLine,
  bulkRowToLine,
} from './bulk';

const blank = Object.fromEntries(BULK_COLUMNS.map(({ field }) => [field, ''])) as BulkRow;
const row = (extra: Partial<BulkRow>): BulkRow => ({ ...blank, ...extra });

describe('a row of a shipments file as an order line', () => {
  test('cells become the wizard’s shapes: grams, cents, codes upper case, choices matched without case', () => {
    const { line, problems } = bulkRowToLine(
      row({
        product: '12',
        weight: '1500',
        packageSize: 'M',
        services: 'insurance, Fragile',
        insurance: '12,50',
        receiverName: ' Anna ',
        countryCode: 'us',
        region: 'NY',
        contentName: 'Books',
        contentQuantity: '2',
        contentValue: '120.5',
        contentOrigin: 'lv',
        natureOfTransaction: 'gift',
      }),
    );
    expect(problems).toEqual([]);
    expect(line).toMatchObject({
      workFlow: 12,
      attributes: { weight: 1500, countryCode: 'US', packageSize: 'm', additionalServices: ['insurance', 'fragile'] },
      services: { insurance: { amount: 1250, currency: 'EUR' } },
      receiver: { name: 'Anna', address: { countryCode: 'US', region: 'NY' } },
      content: [{ name: 'Books', quantity: 2, weight: 1500, value: 12050, countryCode: 'LV' }],
      customsInfo: { natureOfTransaction: 'gift' },
    });
  });

  test('cells that are no number or no choice are problems of their column', () => {
    const { problems } = bulkRowToLine(
      row({ product: 'x', weight: '1.5', insurance: 'lots', packageSize: 'huge', services: 'teleport' }),
    );
    expect(problems.map((problem) => [problem.field, problem.code])).toEqual([
      ['product', 'NOT_A_WHOLE_NUMBER'],
      ['weight', 'NOT_A_WHOLE_NUMBER'],
      ['packageSize', 'NO_SUCH_CHOICE'],
      ['services', 'NO_SUCH_CHOICE'],
      ['insurance', 'NOT_AN_AMOUNT'],
    ]);
  });

  test('a line written back as a row reads into the same line (the export round trip)', () => {
    const cells = row({
      product: '7',
      weight: '250',
      services: 'insurance',
      insurance: '1234.56',
      receiverName: 'Jānis',
      receiverCompany: 'SIA Tests',
      countryCode: 'LV',
      postCode: 'LV-1010',
      senderName: 'Anna',
      senderCountryCode: 'LV',
      contentName: 'Cups',
      contentValue: '3.05',
    });
    const { line } = bulkRowToLine(cells);
    expect(bulkRowToLine(bulkRowOfLine(line)).line).toEqual(line);
    expect(bulkRowOfLine(line)).toMatchObject({ insurance: '1234.56', contentValue: '3.05', product: '7' });
  });

  test('a rule’s path inside a line names its column', () => {
    expect(bulkFieldOfPath('receiver.address.postCode')).toBe('postCode');
    expect(bulkFieldOfPath('receiver.phone')).toBe('receiverPhone');
    expect(bulkFieldOfPath('services.insurance.amount')).toBe('insurance');
    expect(bulkFieldOfPath('content[0].hsCode')).toBe('contentHsCode');
    expect(bulkFieldOfPath('content')).toBeNull();
    expect(bulkFieldOfPath('')).toBeNull();
  });

  test('a contact and the template make one row; the template has no receiver columns', () => {
    expect(BULK_TEMPLATE_FIELDS).not.toContain('receiverName');
    expect(BULK_TEMPLATE_FIELDS).toContain('senderName');
    const made = bulkRowOfContact(
      { name: 'Pēteris', countryCode: 'LV', phonePrefix: '371', phone: '29000000', postCode: 'LV-4101' },
      row({ product: '7', weight: '900', receiverName: 'ignored' }),
    );
    expect(made).toMatchObject({ product: '7', weight: '900', receiverName: 'Pēteris', postCode: 'LV-4101', city: '' });
  });
});

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
  test('a locker row and a courier row carry their product’s hand-over, places and pick-up slot (issue 40 item 6)', () => {
    const products = new Map([
      [21, { transferType: 'parcelMachine', receivingType: 'parcelMachine', shipmentSizeType: 's' }],
      [22, { transferType: 'courier', receivingType: 'courier', shipmentSizeType: null }],
    ]);
    const productOf = (id: number) => products.get(id);
    const locker = bulkRowToLine(
      row({
        product: '21',
        weight: '900',
        countryCode: 'LV',
        transferLocation: 'unisend-1',
        receiverLocation: 'unisend-2',
      }),
      productOf,
    );
    expect(locker.problems).toEqual([]);
    expect(locker.line.attributes).toMatchObject({
      transferType: 'parcelMachine',
      receivingType: 'parcelMachine',
      transferLocationId: 'unisend-1',
      packageSize: 's',
    });
    expect(locker.line.receiver?.address?.serviceLocationId).toBe('unisend-2');
    expect(locker.line.services).toBeNull();

    const courier = bulkRowToLine(
      row({
        product: '22',
        weight: '900',
        countryCode: 'LV',
        pickUpDate: '08.12.2026',
        pickUpFrom: '10:00',
        pickUpTill: '12:00',
        transferLocation: 'ignored',
      }),
      productOf,
    );
    expect(courier.problems).toEqual([]);
    expect(courier.line.attributes).toMatchObject({
      transferType: 'courier',
      receivingType: 'courier',
      transferLocationId: null,
    });
    expect(courier.line.services?.courierPickUp).toEqual({
      pickUpTime: { date: '2026-12-08', from: '10:00', till: '12:00' },
      comment: null,
    });
    // Blank pick-up cells still ask for a slot (the rule answers at the columns); a non-date is a cell problem.
    expect(bulkRowToLine(row({ product: '22' }), productOf).line.services?.courierPickUp?.pickUpTime).toEqual({
      date: null,
      from: null,
      till: null,
    });
    expect(bulkRowToLine(row({ product: '22', pickUpDate: 'soon' }), productOf).problems).toEqual([
      {
        field: 'pickUpDate',
        propertyPath: '',
        message: 'This value should be a date, e.g. 24.12.2026.',
        code: 'NOT_A_DATE',
      },
    ]);
    expect(bulkFieldOfPath('services.courierPickUp.pickUpTime.till')).toBe('pickUpTill');
    expect(bulkFieldOfPath('receiver.address.serviceLocationId')).toBe('receiverLocation');
    // Exported and read again: the same cells.
    expect(bulkRowOfLine(courier.line)).toMatchObject({
      pickUpDate: '08.12.2026',
      pickUpFrom: '10:00',
      pickUpTill: '12:00',
    });
    expect(bulkRowOfLine(locker.line)).toMatchObject({
      transferLocation: 'unisend-1',
      receiverLocation: 'unisend-2',
    });
  });

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

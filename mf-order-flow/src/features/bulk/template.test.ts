import { SALE_TEMPLATE_FIELDS } from '@portal/shared-contracts/ebay';
import { BULK_TEMPLATE_FIELDS, type BulkReport } from '@portal/shared-contracts/orders';
import type { PricedWorkFlow } from '@portal/shared-contracts/pricing';
import { countriesByUse, emptyChoices, templateCells, templateProblems, templateViolations } from './template';

const product = (id: number, transferType: string) =>
  ({ '@id': `/api/work_flows/${id}`, id, transferType, receivingType: 'atReceiverAddress' }) as PricedWorkFlow;

describe('a shipment template as the cells of the bulk file (issue 40 item 6)', () => {
  test('the weight in grams, the services by name, the courier slot only for a courier product', () => {
    const choices = {
      ...emptyChoices(),
      weightText: '1.25',
      product: product(22, 'courier'),
      services: ['fragile', 'insurance'] as const,
      insuranceEur: '30',
      transferLocation: { id: 'lp-1', label: 'Locker 1' },
      pickUp: { date: '08.12.2026', from: '10:00', till: '12:00', comment: 'ignored' },
    };
    const cells = templateCells({ ...choices, services: [...choices.services] }, BULK_TEMPLATE_FIELDS);
    expect(cells).toMatchObject({
      product: '22',
      weight: '1250',
      services: 'fragile, insurance',
      insurance: '30',
      transferLocation: '',
      pickUpDate: '08.12.2026',
      pickUpFrom: '10:00',
      pickUpTill: '12:00',
      senderCountryCode: 'LV',
    });
    // A locker product hands over at the chosen place and asks no slot; a letter is weighed in grams.
    const locker = templateCells(
      { ...choices, services: [], shipmentType: 'letter', weightText: '40', product: product(21, 'parcelMachine') },
      BULK_TEMPLATE_FIELDS,
    );
    expect(locker).toMatchObject({ weight: '40', transferLocation: 'lp-1', pickUpDate: '', insurance: '' });
  });

  test('an eBay template leaves the contents to the sales; the receiver is never the template’s', () => {
    const choices = { ...emptyChoices(), weightText: '1', content: { ...emptyChoices().content, name: 'Socks' } };
    expect(templateCells(choices, SALE_TEMPLATE_FIELDS).contentName).toBe('');
    expect(templateCells(choices, BULK_TEMPLATE_FIELDS).contentName).toBe('Socks');
    expect(
      templateCells({ ...choices, sender: { ...choices.sender, name: 'Anna' } }, BULK_TEMPLATE_FIELDS),
    ).toMatchObject({ senderName: 'Anna', receiverName: '' });
  });

  test('the wizard’s rules refuse a weight that is not positive and a missing product at their cells', () => {
    expect(templateViolations({ ...emptyChoices(), weightText: '0' }).map((found) => found.propertyPath)).toEqual([
      'weight',
      'product',
    ]);
    expect(templateViolations({ ...emptyChoices(), weightText: '2', product: product(7, 'postOffice') })).toEqual([]);
  });

  test('the server’s problems with the template’s cells, once per cell with the rows they concern', () => {
    const problem = (field: 'senderPhone' | 'receiverName') => ({
      field,
      propertyPath: '',
      message: `bad ${field}`,
      code: 'X',
    });
    const report: BulkReport = {
      totalRows: 2,
      incorrectRows: 2,
      totalCents: 0,
      rows: [
        { row: 2, line: {}, priceCents: null, problems: [problem('senderPhone'), problem('receiverName')] },
        { row: 3, line: {}, priceCents: null, problems: [problem('senderPhone')] },
      ],
    };
    expect([...templateProblems(report, BULK_TEMPLATE_FIELDS)]).toEqual([
      ['senderPhone', { message: 'bad senderPhone', rows: 2 }],
    ]);
  });

  test('the receivers’ countries, the most usual first', () => {
    expect(countriesByUse(['LT', 'GB', 'LT', '', 'EE'])).toEqual(['LT', 'EE', 'GB']);
  });
});

import { messagesFor, normalisePath, translateViolation, unplacedViolations } from './violations';

const violations = [
  { propertyPath: 'orderLines.0.receiver.phone', message: 'The phone number is too short.' },
  { propertyPath: 'orderLines[0].receiver.address.city', message: 'This value should not be blank.' },
  { propertyPath: 'termsAccepted', message: 'The terms of use and the privacy policy must be accepted.' },
];

describe('violations per field', () => {
  it('treats dotted and bracketed indexes alike', () => {
    expect(normalisePath('orderLines.0.content.3.weight')).toBe('orderLines[0].content[3].weight');
  });

  it('finds the messages of one field, or of a whole party', () => {
    expect(messagesFor(violations, 'orderLines[0].receiver.phone')).toEqual(['The phone number is too short.']);
    expect(messagesFor(violations, 'orderLines[0].receiver')).toEqual([]);
    expect(messagesFor(violations, 'orderLines[0].receiver', true)).toHaveLength(2);
  });

  it('lists the violations no field of the step shows', () => {
    expect(
      unplacedViolations(violations, ['orderLines[0].receiver.phone', 'orderLines[0].receiver.address.city']),
    ).toEqual([violations[2]]);
  });

  it('translates a message with parameters by its template, then fills them in', () => {
    const lv: Record<string, string> = {
      'The total weight of the added items is {diff} kg less than the shipment weight':
        'Pievienoto preču kopējais svars ir par {diff} kg mazāks nekā sūtījuma svars',
    };
    const translate = (message: string) => lv[message] ?? message;
    const weight = {
      propertyPath: 'orderLines[0].content',
      message: 'The total weight of the added items is 0.5 kg less than the shipment weight',
      messageTemplate: 'The total weight of the added items is {diff} kg less than the shipment weight',
      parameters: { diff: 0.5 },
    };
    expect(translateViolation(weight, translate)).toBe(
      'Pievienoto preču kopējais svars ir par 0.5 kg mazāks nekā sūtījuma svars',
    );
    expect(translateViolation({ propertyPath: 'x', message: 'Plain' }, translate)).toBe('Plain');
  });
});

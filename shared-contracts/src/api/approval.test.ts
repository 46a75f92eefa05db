import { APPROVAL_VIOLATION_CODES, isApprovalViolation, splitApprovalViolations } from './approval';

const weightDifference = { propertyPath: 'weight', message: 'less', code: 'CONTENT_WEIGHT_DIFFERENCE' };
const insurance = {
  propertyPath: 'services.insurance.amount',
  message: 'higher',
  code: 'INSURANCE_AMOUNT_HIGHER_THEN_CONTENT_TOTAL_VALUE',
};
const blankName = { propertyPath: 'receiver.name', message: 'blank', code: 'NOT_BLANK' };
const noCode = { propertyPath: 'sender', message: 'invalid' };

describe('approval violations', () => {
  it('lists the three approval codes of SPEC §5', () => {
    expect([...APPROVAL_VIOLATION_CODES].sort()).toEqual([
      'CONTENT_WEIGHT_DIFFERENCE',
      'CONTENT_WEIGHT_LESS_THAN_INITIAL_CODE',
      'INSURANCE_AMOUNT_HIGHER_THEN_CONTENT_TOTAL_VALUE',
    ]);
  });

  it('recognises a violation by its code', () => {
    expect(isApprovalViolation(weightDifference)).toBe(true);
    expect(isApprovalViolation(blankName)).toBe(false);
    expect(isApprovalViolation(noCode)).toBe(false);
  });

  it('splits approval violations from errors, keeping their order', () => {
    expect(splitApprovalViolations([blankName, weightDifference, noCode, insurance])).toEqual({
      approval: [weightDifference, insurance],
      errors: [blankName, noCode],
    });
  });

  it('leaves no errors when every violation asks for approval', () => {
    expect(splitApprovalViolations([insurance, weightDifference]).errors).toEqual([]);
  });
});

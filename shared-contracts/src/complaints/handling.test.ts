import { complaintHandlingViolations } from './handling';

const paths = (input: Parameters<typeof complaintHandlingViolations>[0], current: string) =>
  complaintHandlingViolations(input, current).map((violation) => [violation.propertyPath, violation.code]);

describe('complaint handling rules', () => {
  it('lets the back office set the status by hand and decide on the refund', () => {
    expect(paths({ status: 'in_review' }, 'submitted')).toEqual([]);
    expect(paths({ status: 'submitted', refundDecision: 'rejected' }, 'in_review')).toEqual([]);
    expect(paths({ refundDecision: 'approved' }, 'answered')).toEqual([]);
  });

  it('keeps answering to the answer route, an answered complaint answered, and the choices closed', () => {
    expect(paths({ status: 'answered' }, 'submitted')).toEqual([['status', 'complaint.choice']]);
    expect(paths({ status: 'in_review' }, 'answered')).toEqual([['status', 'complaint.answered_status']]);
    expect(paths({ refundDecision: 'maybe' }, 'submitted')).toEqual([['refundDecision', 'complaint.choice']]);
    expect(paths({}, 'submitted')).toEqual([['status', 'complaint.nothing_to_change']]);
  });
});

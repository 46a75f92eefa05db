// How the back office handles a complaint (issue 14 item 7): its status in the queue and the
// decision on the refund the complainant asked for. The API checks a change with these rules and
// the queue's screens offer exactly these choices.
import { type RuleViolation, violation } from '../rules/violations';

/** submitted → in_review (someone is on it) → answered (only by answering: the e-mail goes out). */
export const COMPLAINT_STATUSES = ['submitted', 'in_review', 'answered'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
/** The statuses the back office sets by hand; `answered` comes only with the answer itself. */
export const SETTABLE_COMPLAINT_STATUSES = ['submitted', 'in_review'] as const;

/** The refund the complainant asked for: not yet decided, granted or refused. */
export const REFUND_DECISIONS = ['undecided', 'approved', 'rejected'] as const;
export type RefundDecision = (typeof REFUND_DECISIONS)[number];

export const COMPLAINT_HANDLING_MESSAGES = {
  choice: 'The value you selected is not a valid choice.',
  answeredStatus: 'An answered complaint keeps its status.',
  nothingToChange: 'Choose a status or a refund decision to change.',
} as const;

export const COMPLAINT_HANDLING_CODES = {
  choice: 'complaint.choice',
  answeredStatus: 'complaint.answered_status',
  nothingToChange: 'complaint.nothing_to_change',
} as const;

/** A change of a complaint's handling, as the back office sends it (PATCH /api/admin/complaints/{id}). */
export interface ComplaintHandlingInput {
  status?: string | null;
  refundDecision?: string | null;
}

/** Every violation of a handling change, given the complaint's current status. */
export function complaintHandlingViolations(input: ComplaintHandlingInput, current: string): RuleViolation[] {
  const found: RuleViolation[] = [];
  const { status, refundDecision } = input;
  if (status == null && refundDecision == null) {
    return [violation('status', COMPLAINT_HANDLING_MESSAGES.nothingToChange, COMPLAINT_HANDLING_CODES.nothingToChange)];
  }
  if (status != null) {
    if (!(SETTABLE_COMPLAINT_STATUSES as readonly string[]).includes(status)) {
      found.push(violation('status', COMPLAINT_HANDLING_MESSAGES.choice, COMPLAINT_HANDLING_CODES.choice));
    } else if (current === 'answered' && status !== 'answered') {
      found.push(
        violation('status', COMPLAINT_HANDLING_MESSAGES.answeredStatus, COMPLAINT_HANDLING_CODES.answeredStatus),
      );
    }
  }
  if (refundDecision != null && !(REFUND_DECISIONS as readonly string[]).includes(refundDecision)) {
    found.push(violation('refundDecision', COMPLAINT_HANDLING_MESSAGES.choice, COMPLAINT_HANDLING_CODES.choice));
  }
  return found;
}

import type { Violation } from '../schemas/hydra';

/**
 * Violation codes that ask the user to approve a change (adjusted weight, reduced
 * insurance) instead of failing the order (SPEC §4 Approval, §5).
 */
export const APPROVAL_VIOLATION_CODES = [
  'INSURANCE_AMOUNT_HIGHER_THEN_CONTENT_TOTAL_VALUE',
  'CONTENT_WEIGHT_DIFFERENCE',
  'CONTENT_WEIGHT_LESS_THAN_INITIAL_CODE',
] as const;
export type ApprovalViolationCode = (typeof APPROVAL_VIOLATION_CODES)[number];

export function isApprovalViolation(violation: Violation): boolean {
  return (APPROVAL_VIOLATION_CODES as readonly (string | undefined)[]).includes(violation.code);
}

/**
 * Keeps approval violations apart from errors, in their original order. When every
 * violation is an approval one, `errors` is empty and the order has no error to show.
 */
export function splitApprovalViolations(violations: readonly Violation[]): {
  approval: Violation[];
  errors: Violation[];
} {
  const approval: Violation[] = [];
  const errors: Violation[] = [];
  for (const violation of violations) {
    (isApprovalViolation(violation) ? approval : errors).push(violation);
  }
  return { approval, errors };
}

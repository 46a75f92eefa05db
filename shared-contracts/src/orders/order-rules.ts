import { ORDER_CODES, ORDER_MESSAGES } from './constants';
import {
  contentViolations,
  type LineRuleContext,
  partiesViolations,
  shipmentViolations,
  withoutApproved,
} from './line-rules';
import type { OrderWrite } from './schemas';
import { type OrderViolation, violation } from './violations';

/** Which rules run: a wizard step and the ones before it, only the content step, or a whole order. */
export type ValidationScope =
  /** Steps 1..n of the wizard, n = the order's `step` (step 3 is the content step when there is one). */
  | { kind: 'steps'; upTo: number }
  /** `POST /api/orders/validate?type=content`: the content rules of step 3 only. */
  | { kind: 'content' }
  /** Everything, as payment requires. */
  | { kind: 'all' };

/** Per-line facts; `lineContext(index)` answers for orderLines[index]. */
export type LineContextOf = (index: number) => Omit<LineRuleContext, 'complete'>;

/**
 * The SPEC §5 rules over an order, with the violations per field path
 * (`orderLines[0].receiver.phone`). `complete` reports missing required fields for the steps in
 * scope (the validate call and payment); without it only wrong values are reported (saving a
 * draft). Approval-type violations the user approved on the line are left out.
 */
export function orderViolations(
  order: OrderWrite,
  lineContext: LineContextOf,
  scope: ValidationScope,
  complete: boolean,
): OrderViolation[] {
  const found: OrderViolation[] = [];
  order.orderLines.forEach((line, index) => {
    const context: LineRuleContext = { ...lineContext(index), complete };
    const path = `orderLines[${index}]`;
    const stepsOfLine = context.contentStep ? 4 : 3;
    const upTo = scope.kind === 'all' ? stepsOfLine : scope.kind === 'steps' ? scope.upTo : 0;
    // Step numbers: 1 shipment, 2 parties, 3 content (when the order has it), last summary.
    const lineFound = [
      ...(scope.kind !== 'content' ? shipmentViolations(line, path, context) : []),
      ...(upTo >= 2 ? partiesViolations(line, path, context) : []),
      ...(scope.kind === 'content' || upTo >= 3 || !complete
        ? contentViolations(line, path, { ...context, complete: complete && (scope.kind === 'content' || upTo >= 3) })
        : []),
    ];
    found.push(...withoutApproved(line, lineFound));
  });
  const lastStep = order.orderLines.some((_, index) => lineContext(index).contentStep) ? 4 : 3;
  if (complete && (scope.kind === 'all' || (scope.kind === 'steps' && scope.upTo >= lastStep))) {
    found.push(...summaryViolations(order));
  }
  return found;
}

/** Summary step (SPEC §5): terms of use and privacy accepted, e-notification chosen. */
export function summaryViolations(order: OrderWrite): OrderViolation[] {
  const found: OrderViolation[] = [];
  if (order.termsAccepted !== true) {
    found.push(violation('termsAccepted', ORDER_MESSAGES.termsNotAccepted, ORDER_CODES.termsNotAccepted));
  }
  if (order.privacyAccepted !== true) {
    found.push(violation('privacyAccepted', ORDER_MESSAGES.privacyNotAccepted, ORDER_CODES.privacyNotAccepted));
  }
  if (!order.eNotification) {
    found.push(violation('eNotification', ORDER_MESSAGES.eNotificationRequired, ORDER_CODES.eNotificationRequired));
  }
  return found;
}

import { isApprovalViolation } from '../api/approval';
import { ORDER_CODES, ORDER_LIMITS, ORDER_MESSAGES } from './constants';
import { partyViolations } from './party-rules';
import { courierPickUpViolations, type PickUpRuleContext } from './pick-up-rules';
import type { ContentItem, OrderLineWrite } from './schemas';
import { at, isBlank, type OrderViolation, violation } from './violations';

/** What the rules need to know about the line's workflow (SPEC §3 Workflow). Money in cents. */
export interface WorkflowFacts {
  maxInsuranceAmount: number | null;
  maxContentRows: number | null;
}

export interface LineRuleContext extends PickUpRuleContext {
  /** Null when no workflow is chosen (or it does not exist). */
  workflow: WorkflowFacts | null;
  /** The order has a content step (customs shipment, or services that depend on the content value). */
  contentStep: boolean;
  /** Leaves the EU customs territory: customs info applies. */
  customs: boolean;
  /** Report missing required fields, not only wrong ones. */
  complete: boolean;
  /**
   * Whether a content line's HS code is in the nomenclature (the API answers from its HS codes
   * module); without it, e.g. in the browser, codes are not checked.
   */
  isKnownHsCode?: (code: string) => boolean;
}

export interface ContentTotals {
  count: number;
  quantity: number;
  /** Grams. */
  weight: number;
  /** Cents. */
  value: number;
}

/** The helper of SPEC §3 Content item: item count, weight, value and quantity summed. */
export function contentTotals(content: readonly ContentItem[] | null | undefined): ContentTotals {
  return (content ?? []).reduce<ContentTotals>(
    (totals, item) => ({
      count: totals.count + 1,
      quantity: totals.quantity + (item.quantity ?? 0),
      weight: totals.weight + (item.weight ?? 0),
      value: totals.value + (item.value ?? 0),
    }),
    { count: 0, quantity: 0, weight: 0, value: 0 },
  );
}

/** The customs declaration a shipment needs by the total value of its content (cents). */
export function customsFormForValue(valueCents: number): 'CN22' | 'CN23' {
  return valueCents <= ORDER_LIMITS.cn22MaxValueCents ? 'CN22' : 'CN23';
}

/** Grams as the kilograms of the "{diff} kg less" message: 500 → 0.5. */
export const gramsToKg = (grams: number): number => grams / 1000;

/** Step 1 rules of a line (SPEC §5 Shipment): workflow chosen, weight, insurance, cash on delivery, courier. */
export function shipmentViolations(line: OrderLineWrite, path: string, context: LineRuleContext): OrderViolation[] {
  const found: OrderViolation[] = [];
  const attributes = line.attributes ?? {};
  const services = line.services ?? {};
  if (context.complete && (line.workFlow === null || line.workFlow === undefined)) {
    // The client replaces this exact message on orderLines[0].workFlow with "finish selection" (SPEC §5).
    found.push(violation(at(path, 'workFlow'), ORDER_MESSAGES.notNull, ORDER_CODES.notNull));
  }
  if (attributes.weight === 0 || (context.complete && attributes.weight == null)) {
    found.push(violation(at(path, 'attributes.weight'), ORDER_MESSAGES.weightPositive, ORDER_CODES.weightPositive));
  }
  if (isBlank(attributes.countryCode)) {
    if (context.complete) {
      found.push(violation(at(path, 'attributes.countryCode'), ORDER_MESSAGES.notBlank, ORDER_CODES.notBlank));
    }
  } else if (!/^[A-Za-z]{2}$/.test(attributes.countryCode as string)) {
    found.push(violation(at(path, 'attributes.countryCode'), ORDER_MESSAGES.countryCode, ORDER_CODES.countryCode));
  }

  const chosen = new Set(attributes.additionalServices ?? []);
  const insurancePath = at(path, 'services.insurance.amount');
  const insurance = services.insurance?.amount ?? null;
  if (insurance === null) {
    if (chosen.has('insurance') || services.insurance) {
      found.push(violation(insurancePath, ORDER_MESSAGES.insuranceWithoutValue, ORDER_CODES.insuranceWithoutValue));
    }
  } else if (insurance < ORDER_LIMITS.minInsuranceCents || insurance % 100 !== 0) {
    found.push(violation(insurancePath, ORDER_MESSAGES.insuranceWholeEuros, ORDER_CODES.insuranceInvalid));
  } else {
    const max = context.workflow?.maxInsuranceAmount ?? null;
    if (max !== null && insurance > max) {
      found.push(
        violation(insurancePath, ORDER_MESSAGES.insuranceAboveMaximum, ORDER_CODES.insuranceAboveMaximum, {
          max: max / 100,
        }),
      );
    }
  }

  const cashOnDelivery = services.cashOnDelivery;
  if (cashOnDelivery) {
    const codPath = at(path, 'services.cashOnDelivery.amount');
    if (cashOnDelivery.amount === null) {
      found.push(violation(codPath, ORDER_MESSAGES.notNull, ORDER_CODES.notNull));
    } else if (insurance === null) {
      found.push(
        violation(codPath, ORDER_MESSAGES.cashOnDeliveryWithoutInsurance, ORDER_CODES.cashOnDeliveryWithoutInsurance),
      );
    } else if (cashOnDelivery.amount > insurance) {
      found.push(
        violation(codPath, ORDER_MESSAGES.cashOnDeliveryAboveInsurance, ORDER_CODES.cashOnDeliveryAboveInsurance),
      );
    }
    if (context.complete && cashOnDelivery.type === 'bank' && isBlank(line.sender?.iban)) {
      found.push(violation(at(path, 'sender.iban'), ORDER_MESSAGES.notBlank, ORDER_CODES.notBlank));
    }
  }

  if (chosen.has('courierPickUp') || services.courierPickUp) {
    if (context.complete || services.courierPickUp) {
      found.push(...courierPickUpViolations(services.courierPickUp, at(path, 'services.courierPickUp'), context));
    }
  }
  return found;
}

/** Step 2 rules: sender and receiver. */
export function partiesViolations(line: OrderLineWrite, path: string, context: LineRuleContext): OrderViolation[] {
  const options = { complete: context.complete };
  return [
    ...partyViolations(line.sender, at(path, 'sender'), options),
    ...partyViolations(line.receiver, at(path, 'receiver'), options),
  ];
}

/**
 * Step 3 rules (SPEC §5, §8): 1–10 content lines, known HS codes (when the context can tell),
 * goods value at least 1 EUR, content weight against
 * the shipment weight (approval kinds), insurance against the content value (approval, or refused
 * below 100 EUR), the export declaration notice above 1000 EUR and the VOEC number for Norway.
 */
export function contentViolations(line: OrderLineWrite, path: string, context: LineRuleContext): OrderViolation[] {
  const found: OrderViolation[] = [];
  const content = line.content ?? [];
  const contentPath = at(path, 'content');
  const maxRows = Math.min(
    context.workflow?.maxContentRows || ORDER_LIMITS.maxContentLines,
    ORDER_LIMITS.maxContentLines,
  );
  if (content.length > maxRows) {
    found.push(violation(contentPath, ORDER_MESSAGES.tooManyContentLines, ORDER_CODES.tooManyContentLines));
  }
  if (!context.contentStep) return found;
  if (content.length === 0) {
    if (context.complete) {
      found.push(violation(contentPath, ORDER_MESSAGES.atLeastOneContentLine, ORDER_CODES.atLeastOneContentLine));
    }
    return found;
  }

  content.forEach((item, index) => {
    const itemPath = at(contentPath, `[${index}]`);
    // A wrong value, so also when a draft is saved: a declaration with an unknown code is refused.
    const hsCode = item.hsCode?.trim();
    if (hsCode && context.isKnownHsCode && !context.isKnownHsCode(hsCode)) {
      found.push(violation(at(itemPath, 'hsCode'), ORDER_MESSAGES.hsCodeNotFound, ORDER_CODES.hsCodeNotFound));
    }
    if (context.complete && isBlank(item.name)) {
      found.push(violation(at(itemPath, 'name'), ORDER_MESSAGES.notBlank, ORDER_CODES.notBlank));
    }
    if (item.weight === 0 || (context.complete && item.weight == null)) {
      found.push(violation(at(itemPath, 'weight'), ORDER_MESSAGES.weightPositive, ORDER_CODES.weightPositive));
    }
    if (
      (item.value != null && item.value < ORDER_LIMITS.minGoodsValueCents) ||
      (context.complete && item.value == null)
    ) {
      found.push(violation(at(itemPath, 'value'), ORDER_MESSAGES.goodsValueMin, ORDER_CODES.goodsValueMin));
    }
    if (context.customs && context.complete) {
      if (isBlank(item.countryCode)) {
        found.push(violation(at(itemPath, 'countryCode'), ORDER_MESSAGES.notBlank, ORDER_CODES.notBlank));
      }
      if (!item.quantity) {
        found.push(violation(at(itemPath, 'quantity'), ORDER_MESSAGES.notBlank, ORDER_CODES.notBlank));
      }
    }
  });

  // The rules across fields wait until the content is complete: a draft is saved as it is.
  if (!context.complete) return found;
  const totals = contentTotals(content);
  const shipmentWeight = line.attributes?.weight ?? null;
  if (shipmentWeight !== null && totals.weight > 0 && totals.weight !== shipmentWeight) {
    const less = totals.weight < shipmentWeight;
    found.push(
      violation(
        contentPath,
        less ? ORDER_MESSAGES.contentWeightLess : ORDER_MESSAGES.contentWeightMore,
        less ? ORDER_CODES.contentWeightLess : ORDER_CODES.contentWeightDifference,
        { diff: gramsToKg(Math.abs(shipmentWeight - totals.weight)) },
      ),
    );
  }

  const insurance = line.services?.insurance?.amount ?? null;
  if (insurance !== null && insurance > totals.value) {
    const insurancePath = at(path, 'services.insurance.amount');
    found.push(
      totals.value < ORDER_LIMITS.insuranceApprovalContentValueCents
        ? violation(
            insurancePath,
            ORDER_MESSAGES.contentValueTooSmallForInsurance,
            ORDER_CODES.contentValueTooSmallForInsurance,
          )
        : violation(insurancePath, ORDER_MESSAGES.insuranceAboveContentValue, ORDER_CODES.insuranceAboveContentValue),
    );
  }

  if (context.customs && totals.value > ORDER_LIMITS.exportDeclarationCents) {
    found.push(violation(contentPath, ORDER_MESSAGES.exportDeclaration, ORDER_CODES.exportDeclaration));
  }
  const destination = line.attributes?.countryCode?.toUpperCase();
  const merchant = line.customsInfo?.merchant ?? line.customsInfo?.natureOfTransaction === 'sale_of_goods';
  if (destination === 'NO' && merchant && isBlank(line.customsInfo?.voecNumber)) {
    found.push(violation(at(path, 'customsInfo.voecNumber'), ORDER_MESSAGES.voecRequired, ORDER_CODES.voecRequired));
  }
  return found;
}

/** Approval-type violations the user approved (`line.approvals`) are dropped; the rest stay. */
export function withoutApproved(line: OrderLineWrite, violations: OrderViolation[]): OrderViolation[] {
  const approved = new Set<string>(line.approvals ?? []);
  return violations.filter((found) => !(isApprovalViolation(found) && approved.has(found.code)));
}

import {
  type AdditionalServiceName,
  CASH_ON_DELIVERY_SERVICE,
  type CashOnDeliveryType,
  type Price,
  type PriceComponent,
} from '@portal/shared-contracts/pricing';
import type { Violation } from '../../http/problem';
import {
  INDICATIVE_SOURCE,
  type ServiceOption,
  servesCountry,
  type WeightCost,
  type Workflow,
  weightStepsOn,
} from '../workflows';
import { percentOf, vatIncluded } from './money';
import { onlineDiscountOn } from './online-discount';

// The price engine (SPEC §3, §5, §9; issue 4): pure functions over a workflow and a request.
// Money in integer cents, weight in grams, rates in basis points, dates YYYY-MM-DD.

export const PRICE_MESSAGES = {
  noPriceFound: 'No price found.',
  workflowToCountryNotFound: 'This product does not go to the chosen country.',
  workflowNotActive: 'This product is not offered at the moment.',
  serviceNotAvailable: 'This service is not available for the chosen shipment.',
  insuranceWithoutValue: 'Insurance selected without a value.',
  insuranceWholeEuros: 'The insurance amount should be a whole number of euros, at least 1 EUR.',
  insuranceAboveMaximum: 'The insurance amount is higher than the maximum allowed.',
  cashOnDeliveryWithoutInsurance: 'Cash on delivery is only possible with insurance.',
  cashOnDeliveryAboveInsurance: 'The cash on delivery amount should not be higher than the insured amount.',
  cashOnDeliveryWithoutAmount: 'Cash on delivery selected without an amount.',
  indicativeRefused:
    'This product has only an indicative price so far: it can be ordered once an administrator sets its official tariff.',
} as const;

export const PRICE_CODES = {
  noPriceFound: 'NO_PRICE_FOUND',
  priceOnRequest: 'PRICE_ON_REQUEST',
  workflowToCountryNotFound: 'WORKFLOW_TO_COUNTRY_NOT_FOUND',
  workflowNotActive: 'WORKFLOW_NOT_ACTIVE',
  serviceNotAvailable: 'SERVICE_NOT_AVAILABLE',
  insuranceWithoutValue: 'INSURANCE_WITHOUT_VALUE',
  insuranceInvalid: 'INSURANCE_INVALID',
  insuranceAboveMaximum: 'INSURANCE_ABOVE_MAXIMUM',
  cashOnDeliveryInvalid: 'CASH_ON_DELIVERY_INVALID',
  indicativeRefused: 'INDICATIVE_PRICE_REFUSED',
} as const;

/** What the engine needs of a workflow (a row of the catalogue satisfies it). */
export type PricedWorkflow = Pick<
  Workflow,
  | 'id'
  | 'isActive'
  | 'countryCode'
  | 'zone'
  | 'maxWeight'
  | 'maxInsuranceAmount'
  | 'vatRate'
  | 'onlineDiscountEligible'
  | 'weightCosts'
  | 'serviceOptions'
>;

/** A discount code as the engine applies it (SPEC §3 Discount). */
export interface DiscountRule {
  code: string;
  /** `loyalty`: only for the registered users it was assigned to (the price service checks). */
  kind: 'code' | 'loyalty';
  type: 'percentage' | 'fixedPrice';
  /** Basis points for `percentage`, cents for `fixedPrice`. */
  value: number;
  frequency: 'each' | 'nth' | 'afterN';
  frequencyIndex: number | null;
  status: 'active' | 'inactive';
  usageCount: number;
  maxCount: number | null;
  validFrom: string | null;
  validTill: string | null;
  userType: 'registered' | 'all';
  workFlowIds: number[] | null;
}

export interface LineRequest {
  countryCode: string;
  weight: number;
  additionalServices: readonly AdditionalServiceName[];
  /** Insured amount in cents, or null. */
  insurance: number | null;
  cashOnDelivery: { type: CashOnDeliveryType; amount: number } | null;
  /** The pricing date, YYYY-MM-DD (Riga). */
  on: string;
  /** A discount code that is valid for this caller and this line (see `discountApplies`), or null. */
  discount: DiscountRule | null;
}

export type LineResult =
  | { ok: true; price: Price }
  /** `violations` carry paths relative to the line (`attributes.weight`, `additionalServices[1]`...). */
  | { ok: false; violations: Violation[] };

/** Paths of the request fields, which differ between by_country and by_order. */
export interface LinePaths {
  weight: string;
  countryCode: string;
  additionalServices: string;
  insurance: string;
  cashOnDelivery: string;
  workFlow: string;
}

export const ORDER_LINE_PATHS: LinePaths = {
  weight: 'attributes.weight',
  countryCode: 'attributes.countryCode',
  additionalServices: 'attributes.additionalServices',
  insurance: 'services.insurance.amount',
  cashOnDelivery: 'services.cashOnDelivery.amount',
  workFlow: 'workFlow',
};

const violation = (propertyPath: string, message: string, code: string): Violation => ({ propertyPath, message, code });

/** The step a weight falls in: the first whose maxWeight is at least the weight (bounds inclusive). */
export function findWeightStep(steps: readonly WeightCost[], weight: number): WeightCost | undefined {
  return steps.find((step) => weight <= step.maxWeight);
}

/** A service's price without VAT: fixed, or a ratio of its base (at least `minCents`). Null: on request. */
export function serviceNet(service: ServiceOption, bases: Record<NonNullable<ServiceOption['ratioOf']>, number>) {
  if (service.placeholder) return null;
  if (service.priceCents !== null) return service.priceCents;
  if (service.ratio === null || service.ratioOf === null) return null;
  return Math.max(service.minCents ?? 0, percentOf(bases[service.ratioOf], service.ratio));
}

/** Whether a discount code may be used on `on` by this caller for this workflow and shipment. */
export function discountApplies(
  rule: DiscountRule,
  context: { on: string; registered: boolean; workflowId: number; shipmentNumber: number },
): boolean {
  if (rule.status !== 'active') return false;
  if (rule.validFrom !== null && context.on < rule.validFrom) return false;
  if (rule.validTill !== null && context.on > rule.validTill) return false;
  if (rule.maxCount !== null && rule.usageCount >= rule.maxCount) return false;
  if (rule.userType === 'registered' && !context.registered) return false;
  if (rule.workFlowIds !== null && !rule.workFlowIds.includes(context.workflowId)) return false;
  if (rule.frequency === 'nth') return context.shipmentNumber === (rule.frequencyIndex ?? 1);
  if (rule.frequency === 'afterN') return context.shipmentNumber > (rule.frequencyIndex ?? 0);
  return true;
}

/** The services a line asks for: the listed ones plus those its insurance and cash on delivery imply. */
function requestedServices(request: LineRequest): AdditionalServiceName[] {
  const names = new Set<AdditionalServiceName>(request.additionalServices);
  if (request.insurance !== null) names.add('insurance');
  if (request.cashOnDelivery) names.add(CASH_ON_DELIVERY_SERVICE[request.cashOnDelivery.type]);
  return [...names];
}

const COD_SERVICES = new Set<AdditionalServiceName>(Object.values(CASH_ON_DELIVERY_SERVICE));

/** Checks of the request against the workflow before any price: SPEC §5 Shipment rules. */
export function checkLine(workflow: PricedWorkflow, request: LineRequest, paths: LinePaths): Violation[] {
  if (!workflow.isActive) {
    return [violation(paths.workFlow, PRICE_MESSAGES.workflowNotActive, PRICE_CODES.workflowNotActive)];
  }
  if (!servesCountry(workflow, request.countryCode)) {
    return [
      violation(paths.countryCode, PRICE_MESSAGES.workflowToCountryNotFound, PRICE_CODES.workflowToCountryNotFound),
    ];
  }
  const violations: Violation[] = [];
  if (request.weight > workflow.maxWeight) {
    violations.push(violation(paths.weight, PRICE_MESSAGES.noPriceFound, PRICE_CODES.noPriceFound));
  }
  const offered = new Set(workflow.serviceOptions.map((service) => service.name));
  request.additionalServices.forEach((name, index) => {
    if (!offered.has(name)) {
      violations.push(
        violation(
          `${paths.additionalServices}[${index}]`,
          PRICE_MESSAGES.serviceNotAvailable,
          PRICE_CODES.serviceNotAvailable,
        ),
      );
    } else if (name === 'insurance' && request.insurance === null) {
      violations.push(
        violation(paths.insurance, PRICE_MESSAGES.insuranceWithoutValue, PRICE_CODES.insuranceWithoutValue),
      );
    } else if (COD_SERVICES.has(name) && request.cashOnDelivery === null) {
      violations.push(
        violation(paths.cashOnDelivery, PRICE_MESSAGES.cashOnDeliveryWithoutAmount, PRICE_CODES.cashOnDeliveryInvalid),
      );
    }
  });
  if (request.insurance !== null) {
    if (!offered.has('insurance') && !request.additionalServices.includes('insurance')) {
      violations.push(violation(paths.insurance, PRICE_MESSAGES.serviceNotAvailable, PRICE_CODES.serviceNotAvailable));
    } else if (request.insurance < 100 || request.insurance % 100 !== 0) {
      violations.push(violation(paths.insurance, PRICE_MESSAGES.insuranceWholeEuros, PRICE_CODES.insuranceInvalid));
    } else if (workflow.maxInsuranceAmount !== null && request.insurance > workflow.maxInsuranceAmount) {
      violations.push(
        violation(paths.insurance, PRICE_MESSAGES.insuranceAboveMaximum, PRICE_CODES.insuranceAboveMaximum),
      );
    }
  }
  if (request.cashOnDelivery) {
    const service = CASH_ON_DELIVERY_SERVICE[request.cashOnDelivery.type];
    if (!offered.has(service)) {
      violations.push(
        violation(paths.cashOnDelivery, PRICE_MESSAGES.serviceNotAvailable, PRICE_CODES.serviceNotAvailable),
      );
    } else if (request.insurance === null) {
      violations.push(
        violation(
          paths.cashOnDelivery,
          PRICE_MESSAGES.cashOnDeliveryWithoutInsurance,
          PRICE_CODES.cashOnDeliveryInvalid,
        ),
      );
    } else if (request.cashOnDelivery.amount > request.insurance) {
      violations.push(
        violation(paths.cashOnDelivery, PRICE_MESSAGES.cashOnDeliveryAboveInsurance, PRICE_CODES.cashOnDeliveryInvalid),
      );
    }
  }
  return violations;
}

/**
 * The price of one line. The tariff is charged as published (its VAT part split out at the
 * workflow's `vatRate`); services are priced on top, plus their own VAT; the online-preparation
 * discount and then a discount code reduce the tariff part (never below zero). A weight above
 * the workflow's steps is "No price found" (NO_PRICE_FOUND); a placeholder figure is
 * PRICE_ON_REQUEST with the same message.
 */
export function priceLine(workflow: PricedWorkflow, request: LineRequest, paths: LinePaths): LineResult {
  const violations = checkLine(workflow, request, paths);
  if (violations.length > 0) return { ok: false, violations };

  const services = requestedServices(request);
  const step = findWeightStep(
    weightStepsOn(workflow.weightCosts, request.on, services.includes('insurance')),
    request.weight,
  );
  if (!step) {
    return { ok: false, violations: [violation(paths.weight, PRICE_MESSAGES.noPriceFound, PRICE_CODES.noPriceFound)] };
  }
  if (step.placeholder || step.priceCents === null) {
    return {
      ok: false,
      violations: [violation(paths.weight, PRICE_MESSAGES.noPriceFound, PRICE_CODES.priceOnRequest)],
    };
  }
  const tariff = step.priceCents;
  const components: PriceComponent[] = [grossComponent('shipment', tariff, workflow.vatRate)];

  const bases = {
    insuredAmount: request.insurance ?? 0,
    cashOnDeliveryAmount: request.cashOnDelivery?.amount ?? 0,
    shipmentPrice: tariff,
  };
  const onRequest: Violation[] = [];
  // Whether any figure the price rests on is indicative (derived, not published): answers say so.
  let indicative = step.source === INDICATIVE_SOURCE;
  for (const name of services) {
    const option = workflow.serviceOptions.find((service) => service.name === name);
    const net = option ? serviceNet(option, bases) : null;
    if (!option || net === null) {
      const index = request.additionalServices.indexOf(name);
      const path =
        index >= 0
          ? `${paths.additionalServices}[${index}]`
          : name === 'insurance'
            ? paths.insurance
            : paths.cashOnDelivery;
      onRequest.push(violation(path, PRICE_MESSAGES.noPriceFound, PRICE_CODES.priceOnRequest));
      continue;
    }
    if (option.source === INDICATIVE_SOURCE) indicative = true;
    components.push({ name, amount: net, vat: percentOf(net, option.vatRate) });
  }
  if (onRequest.length > 0) return { ok: false, violations: onRequest };

  let discounted = tariff;
  if (workflow.onlineDiscountEligible) {
    const online = Math.min(onlineDiscountOn(request.on), discounted);
    if (online > 0) {
      components.push(negativeComponent('onlineDiscount', online, workflow.vatRate));
      discounted -= online;
    }
  }
  if (request.discount) {
    const reduction =
      request.discount.type === 'percentage'
        ? percentOf(discounted, Math.min(request.discount.value, 10000))
        : Math.max(0, discounted - request.discount.value);
    if (reduction > 0) {
      components.push(negativeComponent('discountCode', reduction, workflow.vatRate));
      discounted -= reduction;
    }
  }
  return { ok: true, price: { ...sumPrice(components), indicative } };
}

function grossComponent(name: string, gross: number, vatRate: number): PriceComponent {
  const vat = vatIncluded(gross, vatRate);
  return { name, amount: gross - vat, vat };
}

function negativeComponent(name: string, gross: number, vatRate: number): PriceComponent {
  const { amount, vat } = grossComponent(name, gross, vatRate);
  return { name, amount: -amount, vat: vat === 0 ? 0 : -vat };
}

/** Totals of components; `amount` is what the customer pays. */
export function sumPrice(components: PriceComponent[]): Price {
  const amountWithoutVat = components.reduce((sum, component) => sum + component.amount, 0);
  const vat = components.reduce((sum, component) => sum + component.vat, 0);
  return { amount: amountWithoutVat + vat, amountWithoutVat, vat, currency: 'EUR', components };
}

/** The sum of several prices (an order), components not repeated; indicative when any line is. */
export function totalPrice(prices: readonly Price[]): Price {
  const amountWithoutVat = prices.reduce((sum, price) => sum + price.amountWithoutVat, 0);
  const vat = prices.reduce((sum, price) => sum + price.vat, 0);
  const indicative = prices.some((price) => price.indicative === true);
  return { amount: amountWithoutVat + vat, amountWithoutVat, vat, currency: 'EUR', components: [], indicative };
}

import { DEFAULT_LOCALE, type Locale } from '@portal/shared-contracts';
import {
  type AdditionalServiceName,
  compareTariffOrder,
  type Dimensions,
  fitsWithin,
  letterDimensionViolations,
  PARCEL_LOCKER_MAX_MM,
  type Price,
  type PriceByCountryAnswer,
  type PriceByOrderAnswer,
  type PricedWorkFlow,
  parcelLockerViolations,
} from '@portal/shared-contracts/pricing';
import { rigaDate } from '../../calendar';
import type { Orm } from '../../db';
import { invalidInput, type Violation } from '../../http/problem';
import { activeCountryCodes } from '../countries';
import { servesCountry, type Workflow, type WorkflowCatalogue, workflowLabel } from '../workflows';
import { findDiscountRules } from './discounts';
import {
  type DiscountRule,
  discountApplies,
  type LinePaths,
  type LineRequest,
  ORDER_LINE_PATHS,
  PRICE_CODES,
  PRICE_MESSAGES,
  priceLine,
  totalPrice,
} from './engine';
import type { IndicativePricePolicy } from './indicative-policy';

export interface PriceByCountryInput {
  shipmentType: 'letter' | 'parcel';
  countryCodes: string[];
  weight: number;
  withContract?: boolean;
  shipmentSubType?: string | null;
  shipmentSizeType?: string | null;
  transferType?: string | null;
  receivingType?: string | null;
  additionalServices?: AdditionalServiceName[];
  insurance?: number | null;
  discountCode?: string | null;
  /** Outer size in mm (any order of sides): letters are checked, products it does not fit are left out. */
  dimensions?: Dimensions | null;
}

export interface PriceOrderLineInput {
  workFlowId: number;
  weight: number;
  countryCode: string;
  additionalServices: AdditionalServiceName[];
  insurance: number | null;
  cashOnDelivery: LineRequest['cashOnDelivery'];
  discountCode: string | null;
}

/** Answers whether a signed-in user holds a loyalty discount (SPEC §4). */
export interface LoyaltyHolders {
  holdsLoyalty(code: string, subject: string | null): Promise<boolean>;
}

export interface Caller {
  registered: boolean;
  /** The signed-in user's identity-provider subject: loyalty codes apply only for their holders. */
  subject?: string | null;
  /** The language of the product names in an answer (Accept-Language); English by default. */
  locale?: Locale;
}

const BY_COUNTRY_PATHS: LinePaths = {
  weight: 'weight',
  countryCode: 'countryCodes',
  additionalServices: 'additionalServices',
  insurance: 'insurance',
  cashOnDelivery: 'cashOnDelivery',
  workFlow: 'workFlow',
};

/** Answers kept per catalogue snapshot (first in, first out). */
const MAX_CACHED_ANSWERS = 1000;

const unknownCountry = (propertyPath: string): Violation => ({
  propertyPath,
  message: 'Unknown country.',
  code: 'UNKNOWN_COUNTRY',
});

/**
 * The price calls (SPEC §7): the catalogue of workflows is in memory, so a price costs no
 * database round trip except for a discount code. The pricing date is today in Riga.
 */
export class PriceService {
  private activeCountries: { loadedAt: number; codes: Promise<Set<string>> } | undefined;
  private answers: { snapshot: Workflow[]; byRequest: Map<string, PriceByCountryAnswer> } | undefined;

  constructor(
    private readonly orm: Orm,
    private readonly catalogue: WorkflowCatalogue,
    private readonly now: () => Date = () => new Date(),
    private readonly countriesTtlMs = 300_000,
    /** `refuse`: a price resting on an indicative figure is shown but cannot be ordered (by_order 422). */
    private readonly indicativePolicy: IndicativePricePolicy = 'allow',
    /**
     * Who holds a loyalty discount (the discounts module's, given by the composition root); without
     * it no loyalty code applies.
     */
    private readonly loyaltyHolders: LoyaltyHolders = { holdsLoyalty: async () => false },
  ) {}

  /** The periods of a code this caller may use: a loyalty code's only for a user it was assigned to. */
  private async rulesFor(code: string, caller: Caller): Promise<DiscountRule[]> {
    const rules = await findDiscountRules(this.orm, code);
    if (!rules.some((rule) => rule.kind === 'loyalty')) return rules;
    const holds = await this.loyaltyHolders.holdsLoyalty(code, caller.subject ?? null);
    return holds ? rules : rules.filter((rule) => rule.kind !== 'loyalty');
  }

  /** Whether a computed price may be ordered under the operator's policy. */
  private orderable(price: Price): boolean {
    return !(this.indicativePolicy === 'refuse' && price.indicative === true);
  }

  async byCountry(input: PriceByCountryInput, caller: Caller): Promise<PriceByCountryAnswer> {
    const on = rigaDate(this.now());
    const requestViolations = await this.checkCountries(input.countryCodes, (index) => `countryCodes[${index}]`);
    const additionalServices = [...new Set(input.additionalServices ?? [])];
    const insurance = input.insurance ?? null;
    if (insurance !== null && (insurance < 100 || insurance % 100 !== 0)) {
      requestViolations.push({
        propertyPath: 'insurance',
        message: PRICE_MESSAGES.insuranceWholeEuros,
        code: PRICE_CODES.insuranceInvalid,
      });
    }
    if (additionalServices.includes('insurance') && insurance === null) {
      requestViolations.push({
        propertyPath: 'insurance',
        message: PRICE_MESSAGES.insuranceWithoutValue,
        code: PRICE_CODES.insuranceWithoutValue,
      });
    }
    requestViolations.push(...sizeViolations(input));
    if (requestViolations.length > 0) throw invalidInput(422, requestViolations);

    const workflows = await this.catalogue.all();
    // Without a discount code the answer depends only on the request, the date and the catalogue
    // snapshot: calculators ask the same few questions over and over, so answers are kept per snapshot.
    const locale = caller.locale ?? DEFAULT_LOCALE;
    const cacheKey = input.discountCode ? undefined : `${on}|${locale}|${JSON.stringify(input)}`;
    const cache = this.answerCache(workflows);
    const cached = cacheKey === undefined ? undefined : cache.get(cacheKey);
    if (cached) return cached;

    const rules = input.discountCode ? await this.rulesFor(input.discountCode, caller) : null;
    let discountUsed = false;
    const countryCodes = [...new Set(input.countryCodes)];
    const priced: (PricedWorkFlow & { countryIndex: number })[] = [];
    const unpriced: PriceByCountryAnswer['unpriced'] = [];

    countryCodes.forEach((countryCode, countryIndex) => {
      const candidates = workflows.filter(
        (workflow) =>
          workflow.shipmentType === input.shipmentType &&
          servesCountry(workflow, countryCode) &&
          matches(workflow.shipmentSubType, input.shipmentSubType) &&
          matches(workflow.shipmentSizeType, input.shipmentSizeType) &&
          matches(workflow.transferType, input.transferType) &&
          matches(workflow.receivingType, input.receivingType),
      );
      const dimensions = input.dimensions ?? null;
      const active = candidates.filter((workflow) => workflow.isActive);
      const propertyPath = `countryCodes[${input.countryCodes.indexOf(countryCode)}]`;
      if (active.length === 0) {
        const [message, code] =
          candidates.length > 0
            ? [PRICE_MESSAGES.workflowNotActive, PRICE_CODES.workflowNotActive]
            : [PRICE_MESSAGES.workflowToCountryNotFound, PRICE_CODES.workflowToCountryNotFound];
        unpriced.push({ countryCode, propertyPath, message, code });
        return;
      }
      let found = 0;
      for (const workflow of active) {
        // An item larger than the product allows is not an option, like one too heavy for it.
        if (dimensions && !fitsWithin(dimensions, sizeLimitMm(workflow))) continue;
        const discount = applicableDiscount(rules, {
          on,
          registered: caller.registered,
          workflowId: workflow.id,
          shipmentNumber: 1,
        });
        const result = priceLine(
          workflow,
          { countryCode, weight: input.weight, additionalServices, insurance, cashOnDelivery: null, on, discount },
          BY_COUNTRY_PATHS,
        );
        if (result.ok) {
          if (discount) discountUsed = true;
          priced.push({
            ...pricedWorkFlow(workflow, locale, countryCode, result.price, null),
            orderable: this.orderable(result.price),
            countryIndex,
          });
          found++;
        } else if (result.violations.every((violation) => violation.code === PRICE_CODES.priceOnRequest)) {
          priced.push({
            ...pricedWorkFlow(workflow, locale, countryCode, null, PRICE_MESSAGES.noPriceFound),
            countryIndex,
          });
          found++;
        }
        // Otherwise (too heavy, a service it does not offer): not an option for this request.
      }
      if (found === 0) {
        unpriced.push({
          countryCode,
          propertyPath,
          message: PRICE_MESSAGES.noPriceFound,
          code: PRICE_CODES.noPriceFound,
        });
      }
    });

    priced.sort((a, b) => compareTariffOrder(a, b) || a.countryIndex - b.countryIndex);
    const answer = {
      workFlows: priced.map(({ countryIndex: _, ...workflow }) => workflow),
      unpriced,
      discountCodeIsValid: rules === null ? null : discountUsed,
    };
    if (cacheKey !== undefined) {
      if (cache.size >= MAX_CACHED_ANSWERS) cache.delete(cache.keys().next().value as string);
      cache.set(cacheKey, answer);
    }
    return answer;
  }

  /** The answers computed on one catalogue snapshot; a new snapshot starts empty. */
  private answerCache(snapshot: Workflow[]): Map<string, PriceByCountryAnswer> {
    if (this.answers?.snapshot !== snapshot) this.answers = { snapshot, byRequest: new Map() };
    return this.answers.byRequest;
  }

  async byOrder(
    input: { orderLines: PriceOrderLineInput[]; discountCode: string | null },
    caller: Caller,
  ): Promise<PriceByOrderAnswer> {
    const on = rigaDate(this.now());
    const violations = await this.checkCountries(
      input.orderLines.map((line) => line.countryCode),
      (index) => `orderLines[${index}].attributes.countryCode`,
    );
    const codes = [...new Set([input.discountCode, ...input.orderLines.map((line) => line.discountCode)])].filter(
      (code): code is string => !!code,
    );
    const rulesByCode = new Map(
      await Promise.all(codes.map(async (code) => [code, await this.rulesFor(code, caller)] as const)),
    );
    const usedCodes = new Set<string>();
    const prices: Price[] = [];

    for (const [index, line] of input.orderLines.entries()) {
      const prefix = `orderLines[${index}].`;
      const workflow = await this.catalogue.byId(line.workFlowId);
      if (!workflow) {
        violations.push({
          propertyPath: `${prefix}workFlow`,
          message: 'Workflow not found.',
          code: 'WORKFLOW_NOT_FOUND',
        });
        continue;
      }
      const code = line.discountCode ?? input.discountCode;
      const discount = code
        ? applicableDiscount(rulesByCode.get(code) ?? [], {
            on,
            registered: caller.registered,
            workflowId: workflow.id,
            shipmentNumber: index + 1,
          })
        : null;
      const result = priceLine(
        workflow,
        {
          countryCode: line.countryCode,
          weight: line.weight,
          additionalServices: line.additionalServices,
          insurance: line.insurance,
          cashOnDelivery: line.cashOnDelivery,
          on,
          discount,
        },
        ORDER_LINE_PATHS,
      );
      if (!result.ok) {
        violations.push(
          ...result.violations.map((violation) => ({ ...violation, propertyPath: prefix + violation.propertyPath })),
        );
        continue;
      }
      if (!this.orderable(result.price)) {
        violations.push({
          propertyPath: `${prefix}workFlow`,
          message: PRICE_MESSAGES.indicativeRefused,
          code: PRICE_CODES.indicativeRefused,
        });
        continue;
      }
      if (discount && code) usedCodes.add(code);
      prices.push(result.price);
    }
    if (violations.length > 0) throw invalidInput(422, violations);

    return {
      price: totalPrice(prices),
      orderLines: input.orderLines.map((line, index) => ({
        workFlow: `/api/work_flows/${line.workFlowId}`,
        price: prices[index]!,
      })),
      discountCodeIsValid: codes.length === 0 ? null : codes.every((code) => usedCodes.has(code)),
    };
  }

  /** Violations for codes that are no active country (`pathOf(index)` names the field). */
  private async checkCountries(codes: string[], pathOf: (index: number) => string): Promise<Violation[]> {
    const known = await this.activeCountryCodes();
    return codes.flatMap((code, index) => (known.has(code) ? [] : [unknownCountry(pathOf(index))]));
  }

  private activeCountryCodes(): Promise<Set<string>> {
    const now = Date.now();
    if (this.activeCountries && now - this.activeCountries.loadedAt < this.countriesTtlMs)
      return this.activeCountries.codes;
    const codes = activeCountryCodes(this.orm);
    const entry = { loadedAt: now, codes };
    this.activeCountries = entry;
    codes.catch(() => {
      if (this.activeCountries === entry) this.activeCountries = undefined;
    });
    return codes;
  }
}

/** SPEC §5 letter sizes, and the locker limits when a locker is chosen for hand-over or receiving. */
function sizeViolations(input: PriceByCountryInput) {
  const dimensions = input.dimensions ?? null;
  if (input.shipmentType === 'letter') return dimensions ? letterDimensionViolations(dimensions) : [];
  const usesLocker = input.transferType === 'parcelMachine' || input.receivingType === 'parcelMachine';
  return usesLocker ? parcelLockerViolations(input.weight, dimensions) : [];
}

const usesParcelLocker = (workflow: Workflow) =>
  workflow.transferType === 'parcelMachine' || workflow.receivingType === 'parcelMachine';

/**
 * The workflow's size limit in mm (longest, middle, shortest side; null where none is known).
 * A product that passes through a parcel locker is also held to the locker's 38 × 38 × 58 cm
 * (SPEC §9), even where its own locker-size figures are still placeholders.
 */
function sizeLimitMm(workflow: Workflow): (number | null)[] {
  const own = workflow.subTypeDescription.dimensions;
  const sides = [own?.length ?? null, own?.width ?? null, own?.height ?? null].map((cm) =>
    cm === null ? null : cm * 10,
  );
  if (!usesParcelLocker(workflow)) return sides;
  return sides.map((mm, index) => Math.min(mm ?? Number.POSITIVE_INFINITY, PARCEL_LOCKER_MAX_MM[index]!));
}

function matches(value: string | null, wanted: string | null | undefined): boolean {
  return wanted === undefined || wanted === null || value === wanted;
}

function applicableDiscount(
  rules: DiscountRule[] | null,
  context: Parameters<typeof discountApplies>[1],
): DiscountRule | null {
  return rules?.find((rule) => discountApplies(rule, context)) ?? null;
}

function pricedWorkFlow(
  workflow: Workflow,
  locale: Locale,
  countryCode: string,
  price: Price | null,
  message: string | null,
): PricedWorkFlow {
  return {
    '@id': `/api/work_flows/${workflow.id}`,
    id: workflow.id,
    label: workflowLabel(workflow, locale),
    countryCode,
    shipmentType: workflow.shipmentType,
    shipmentSubType: workflow.shipmentSubType,
    shipmentSizeType: workflow.shipmentSizeType,
    transferType: workflow.transferType,
    receivingType: workflow.receivingType,
    deliveryDays: workflow.deliveryDays,
    maxWeight: workflow.maxWeight,
    sizeLimit: sizeLimitOf(workflow),
    price,
    priceOnRequest: price === null,
    orderable: price !== null,
    message,
  };
}

/** The size limit the answer shows: the tariff's wording and the sides in mm that the request is held to. */
function sizeLimitOf(workflow: Workflow): PricedWorkFlow['sizeLimit'] {
  const own = workflow.subTypeDescription.dimensions;
  if (!own && !usesParcelLocker(workflow)) return null;
  const [length = null, width = null, height = null] = sizeLimitMm(workflow);
  // A locker size class whose sides no source states: only the locker's own limit is known.
  const notStated = !own || (own.length === null && own.width === null && own.height === null);
  return { description: own?.description ?? '', length, width, height, notStated };
}

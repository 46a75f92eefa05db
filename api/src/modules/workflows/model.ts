import type { Locale } from '@portal/shared-contracts';
import type { AdditionalServiceName, FigureOrigin, ShipmentType } from '@portal/shared-contracts/pricing';

// The documents a workflow carries (SPEC §3 Workflow). Money in integer cents, weight in
// integer grams, rates in basis points (10000 = 100 %), dates as YYYY-MM-DD.

/**
 * Where a figure came from: the page cited in ../shared/data/tariffs.md, and what it says; or
 * `indicative` for a figure derived from the sourced ones (data/tariffs-indicative.json, loaded by
 * the seed); or `administrator` for a figure an administrator set through a tariff file
 * (tariff-import.ts).
 */
export type Source = string | null;

/** The `source` of a figure set by an administrator (tariff file). */
export const ADMINISTRATOR_SOURCE = 'administrator';
/** The `source` of an indicative figure: derived, not published (data/README.md). */
export const INDICATIVE_SOURCE = 'indicative';

/** What a figure rests on (shared-contracts/src/pricing/tariffs.ts). */
export function figureOrigin(figure: { source: Source; placeholder: boolean }): FigureOrigin {
  if (figure.placeholder) return 'placeholder';
  if (figure.source === ADMINISTRATOR_SOURCE) return 'administrator';
  if (figure.source === INDICATIVE_SOURCE) return 'indicative';
  return 'official';
}

/**
 * One weight step: the price up to `maxWeight` grams (above the previous step), valid from
 * `validFrom` until a later row of the same step replaces it. `priceCents: null` with
 * `placeholder: true` marks a figure no public source gives: an administrator sets it, and
 * until then the price engine answers "price on request" instead of a number.
 */
export interface WeightCost {
  maxWeight: number;
  /** The row used when the insurance service is chosen (insured items have their own tariff). */
  insured: boolean;
  priceCents: number | null;
  placeholder: boolean;
  validFrom: string;
  source: Source;
  note?: string;
  /**
   * Set on a row that ends the step from `validFrom` (a tariff file that replaced the workflow's
   * whole weight table, tariff-import.ts): from then on the step does not exist and prices nothing.
   */
  withdrawn?: boolean;
}

/** What a ratio-priced service is a percentage of. */
export type RatioBase = 'insuredAmount' | 'cashOnDeliveryAmount' | 'shipmentPrice';

/**
 * An additional service the workflow offers and how it is priced: a fixed `priceCents`, or
 * `ratio` basis points of `ratioOf` (at least `minCents`), plus `vatRate` on top. Unknown
 * figures are null with `placeholder: true` ("price on request").
 */
export interface ServiceOption {
  name: AdditionalServiceName;
  priceCents: number | null;
  ratio: number | null;
  ratioOf: RatioBase | null;
  minCents: number | null;
  vatRate: number;
  placeholder: boolean;
  source: Source;
}

export interface Dimensions {
  description: string;
  /** Centimetres; null where no source gives them (placeholder). */
  length: number | null;
  width: number | null;
  height: number | null;
}

export interface SubTypeDescription {
  description: string;
  dimensions: Dimensions | null;
  transferOptions: string[];
  receivingOptions: string[];
  serviceOptions: string[];
}

/** The form fields a workflow asks for, and which of them are required (SPEC §3 configs). */
export interface WorkflowConfig {
  associatedDocumentFields: string[];
  attributeFields: string[];
  contentFields: string[];
  senderFields: string[];
  receiverFields: string[];
  serviceDataFields: string[];
  requiredAssociatedDocumentFields: string[];
  requiredAttributeFields: string[];
  requiredContentFields: string[];
  requiredSenderFields: string[];
  requiredReceiverFields: string[];
  requiredServiceDataFields: string[];
  maxContentRows: number;
  maxInsuranceAmount: number | null;
  overwritePrintoutForm: boolean;
  printoutForm: string | null;
  requiredAdditionalServices: AdditionalServiceName[];
}

export interface WorkflowConfigs {
  default: WorkflowConfig;
  companyInvoice: WorkflowConfig;
}

export interface InsuranceVariant {
  label: string;
  maxAmount: number | null;
}

export interface BarcodeRequestConfig {
  category: string;
  class: string;
  code: string;
  amount: number;
}

export interface SasBroadcastConfig {
  classCode: string;
  contentCode: string;
  mailItemCategoryCode: string;
  expressIndicator: string;
  characteristicCode: string;
}

export type Zone = 'LV' | 'EEA' | 'WORLD';

/** A workflow as the services use it (one row of `work_flows`). */
export interface Workflow {
  id: number;
  seedKey: string | null;
  isActive: boolean;
  label: string;
  /** The label in Latvian; null when nobody has written one (the English label stands in). */
  labelLv: string | null;
  shipmentType: ShipmentType;
  shipmentSubType: string;
  shipmentSizeType: string | null;
  countryCode: string | null;
  zone: Zone;
  transferType: string | null;
  receivingType: string | null;
  returnServiceType: string | null;
  maxWeight: number;
  maxInsuranceAmount: number | null;
  deliveryDays: number | null;
  vatRate: number;
  onlineDiscountEligible: boolean;
  subTypeDescription: SubTypeDescription;
  configs: WorkflowConfigs;
  insuranceVariants: InsuranceVariant[];
  barcodeRequestConfigs: BarcodeRequestConfig[];
  sasBroadcastConfigs: SasBroadcastConfig[];
  weightCosts: WeightCost[];
  serviceOptions: ServiceOption[];
  servicesToAdd: string[];
  servicesToRemove: string[];
  /** Fields whose seeded value is a placeholder for an administrator to set (e.g. `maxWeight`). */
  placeholders: string[];
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A product's name in the caller's language (SPEC §1: lv or en); English when no Latvian name was written. */
export function workflowLabel(workflow: Pick<Workflow, 'label' | 'labelLv'>, locale: Locale): string {
  return locale === 'lv' && workflow.labelLv ? workflow.labelLv : workflow.label;
}

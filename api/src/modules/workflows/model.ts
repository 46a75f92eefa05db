// The JSON documents of a row (weight steps, services, descriptions, configs) are typed once in
// shared-contracts, so the table's columns (workflows/schema.ts), the API and the back office agree.

import type { Locale } from '@portal/shared-contracts';
import type {
  BarcodeRequestConfig,
  InsuranceVariant,
  SasBroadcastConfig,
  ServiceOption,
  SubTypeDescription,
  WeightCost,
  WorkflowConfigs,
  WorkflowZone,
} from '@portal/shared-contracts/admin';
import type { FigureOrigin, ShipmentType } from '@portal/shared-contracts/pricing';

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

export type {
  BarcodeRequestConfig,
  InsuranceVariant,
  RatioBase,
  SasBroadcastConfig,
  ServiceOption,
  SubTypeDescription,
  WeightCost,
  WorkflowConfig,
  WorkflowConfigs,
  WorkflowDimensions as Dimensions,
} from '@portal/shared-contracts/admin';

export type Zone = WorkflowZone;

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
  /** Operators whose places the product hands over at; empty: any (shared-contracts orders/location-rules.ts). */
  transferNetworks: string[];
  /** Operators whose places the product delivers at; empty: any. */
  receivingNetworks: string[];
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

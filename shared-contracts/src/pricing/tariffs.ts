// GET /api/admin/tariffs (administrators only): every workflow's tariff rows with what each figure
// rests on, so the back office shows which are still indicative. Types only. Money in cents,
// weights in grams, rates in basis points, dates YYYY-MM-DD.

/**
 * What a figure rests on: a published source (`official`), the derived indicative table
 * (`indicative`), an administrator's tariff file (`administrator`), or nothing yet (`placeholder`,
 * "price on request").
 */
export type FigureOrigin = 'official' | 'indicative' | 'administrator' | 'placeholder';

/** One dated row of a weight step. */
export interface TariffWeightRowView {
  maxWeight: number;
  insured: boolean;
  priceCents: number | null;
  origin: FigureOrigin;
  validFrom: string;
  /** The day a later row of the same step takes over (exclusive), or null while nothing follows. */
  replacedFrom: string | null;
  /** Whether this row prices the step today. */
  inForce: boolean;
  /** A row that ends the step (a replaced weight table). */
  withdrawn: boolean;
  /** The cited page, or `indicative` / `administrator`. */
  source: string | null;
  note: string | null;
}

export interface TariffServiceView {
  name: string;
  priceCents: number | null;
  ratio: number | null;
  ratioOf: string | null;
  minCents: number | null;
  vatRate: number;
  origin: FigureOrigin;
  source: string | null;
}

export interface WorkflowTariffsView {
  '@id': string;
  id: number;
  seedKey: string | null;
  label: string;
  isActive: boolean;
  countryCode: string | null;
  zone: string;
  /** Rows in force today that rest on an indicative figure (weight steps and services). */
  indicativeInForce: number;
  weightCosts: TariffWeightRowView[];
  serviceOptions: TariffServiceView[];
}

import type { TariffWeightRowView, WorkflowTariffsView } from '@portal/shared-contracts/pricing';
import { figureOrigin, type WeightCost, type Workflow } from './model';

/**
 * A workflow's tariff rows as the back office lists them (GET /api/admin/tariffs): each weight row
 * with what it rests on, until when it holds and whether it prices today; each service likewise.
 */
export function workflowTariffsView(workflow: Workflow, label: string, today: string): WorkflowTariffsView {
  const weightCosts = workflow.weightCosts
    .map((row) => weightRowView(row, workflow.weightCosts, today))
    .sort(
      (a, b) =>
        Number(a.insured) - Number(b.insured) || a.maxWeight - b.maxWeight || a.validFrom.localeCompare(b.validFrom),
    );
  const serviceOptions = workflow.serviceOptions.map((option) => ({
    name: option.name,
    priceCents: option.priceCents,
    ratio: option.ratio,
    ratioOf: option.ratioOf,
    minCents: option.minCents,
    vatRate: option.vatRate,
    origin: figureOrigin(option),
    source: option.source,
  }));
  const indicativeInForce =
    weightCosts.filter((row) => row.inForce && row.origin === 'indicative').length +
    serviceOptions.filter((option) => option.origin === 'indicative').length;
  return {
    '@id': `/api/admin/tariffs/${workflow.id}`,
    id: workflow.id,
    seedKey: workflow.seedKey,
    label,
    isActive: workflow.isActive,
    countryCode: workflow.countryCode,
    zone: workflow.zone,
    indicativeInForce,
    weightCosts,
    serviceOptions,
  };
}

function weightRowView(row: WeightCost, rows: readonly WeightCost[], today: string): TariffWeightRowView {
  const sameStep = rows.filter((other) => other.maxWeight === row.maxWeight && other.insured === row.insured);
  const later = sameStep
    .filter((other) => other.validFrom > row.validFrom)
    .reduce<string | null>(
      (first, other) => (first === null || other.validFrom < first ? other.validFrom : first),
      null,
    );
  // The row in force for its step: the latest not after today (the engine's choice, prices/engine.ts).
  const current = sameStep
    .filter((other) => other.validFrom <= today)
    .reduce<WeightCost | null>(
      (best, other) => (best === null || other.validFrom > best.validFrom ? other : best),
      null,
    );
  const withdrawn = row.withdrawn === true;
  return {
    maxWeight: row.maxWeight,
    insured: row.insured,
    priceCents: row.priceCents,
    origin: figureOrigin(row),
    validFrom: row.validFrom,
    replacedFrom: later,
    inForce: current === row && !withdrawn,
    withdrawn,
    source: row.source,
    note: row.note ?? null,
  };
}

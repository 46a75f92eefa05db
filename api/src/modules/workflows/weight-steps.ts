import type { WeightCost } from './model';

/**
 * The weight steps in force on `on`: for each step (`maxWeight`), the row with the latest
 * `validFrom` not after `on`; sorted by weight. A step whose latest row withdraws it (a replaced
 * weight table) is left out. Insured items use the insured rows when any are in force, else the
 * ordinary rows.
 */
export function weightStepsOn(weightCosts: readonly WeightCost[], on: string, insured: boolean): WeightCost[] {
  if (insured) {
    const own = stepsOfVariant(weightCosts, on, true);
    if (own.length > 0) return own;
  }
  return stepsOfVariant(weightCosts, on, false);
}

function stepsOfVariant(weightCosts: readonly WeightCost[], on: string, insured: boolean): WeightCost[] {
  const byStep = new Map<number, WeightCost>();
  for (const row of weightCosts) {
    if (row.insured !== insured || row.validFrom > on) continue;
    const current = byStep.get(row.maxWeight);
    if (!current || row.validFrom > current.validFrom) byStep.set(row.maxWeight, row);
  }
  return [...byStep.values()].filter((row) => !row.withdrawn).sort((a, b) => a.maxWeight - b.maxWeight);
}

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { rigaDate } from '../../calendar';
import type { Orm } from '../../db';
import { INDICATIVE_SOURCE, type ServiceOption, type WeightCost, type Workflow } from './model';
import { toWorkflow } from './repository';
import { workFlows } from './schema';
import { parseTariffFile, type TariffFile, type WorkflowTariff } from './tariff-file';
import { remainingPlaceholders } from './tariff-import';

/** The bundled indicative figures (data/README.md: where they come from and how they were derived). */
export const INDICATIVE_FILE = fileURLToPath(new URL('./data/tariffs-indicative.json', import.meta.url));

let bundled: TariffFile | undefined;

/** The bundled file, parsed (and checked) once per process. */
export function indicativeTariffs(): TariffFile {
  bundled ??= parseTariffFile(JSON.parse(readFileSync(INDICATIVE_FILE, 'utf8')));
  return bundled;
}

/**
 * Fills the figures no public source gives with the indicative ones, marked `source: "indicative"`,
 * so that every product has a price on a default install (issue 21). Only gaps are filled, so it
 * runs at every start without undoing anything:
 * - a weight step is written where the workflow has no row of that step and date, or only a
 *   placeholder row (which it replaces); a sourced, indicative or administrator row is kept;
 * - a service is priced only while it is still a placeholder.
 * The rows an administrator adds later (a tariff file) are newer and win; a replaced weight table
 * withdraws the indicative steps from its date (tariff-import.ts `replaceWeightCosts`).
 */
export async function fillIndicativeFigures(orm: Orm, file: TariffFile = indicativeTariffs()): Promise<number> {
  const stored = (await orm.select().from(workFlows)).map(toWorkflow);
  const today = rigaDate();
  let changed = 0;
  for (const workflow of stored) {
    const tariff = workflow.seedKey === null ? undefined : file.workflows[workflow.seedKey];
    if (!tariff) continue;
    const weightCosts = fillWeightSteps(workflow, tariff, file);
    const serviceOptions = fillServices(workflow, tariff);
    if (weightCosts === workflow.weightCosts && serviceOptions === workflow.serviceOptions) continue;
    const placeholders = remainingPlaceholders(workflow.placeholders, weightCosts, serviceOptions, today);
    await orm.update(workFlows).set({ weightCosts, serviceOptions, placeholders }).where(eq(workFlows.id, workflow.id));
    changed++;
  }
  return changed;
}

function fillWeightSteps(workflow: Workflow, tariff: WorkflowTariff, file: TariffFile): WeightCost[] {
  let rows = workflow.weightCosts;
  for (const step of tariff.weightCosts ?? []) {
    // A step above the workflow's maximum could never price anything (an administrator lowered it).
    if (step.maxWeight > workflow.maxWeight) continue;
    const validFrom = step.validFrom ?? tariff.validFrom ?? file.validFrom;
    if (!validFrom) continue;
    const same = rows.findIndex(
      (row) => row.maxWeight === step.maxWeight && row.insured === step.insured && row.validFrom === validFrom,
    );
    if (same >= 0 && !rows[same]!.placeholder) continue;
    const row: WeightCost = {
      maxWeight: step.maxWeight,
      insured: step.insured,
      priceCents: step.priceCents,
      placeholder: false,
      validFrom,
      source: INDICATIVE_SOURCE,
      note: step.note ?? tariff.note ?? file.note ?? 'Indicative figure (data/tariffs-indicative.md).',
    };
    rows = same >= 0 ? rows.map((other, index) => (index === same ? row : other)) : [...rows, row];
  }
  return rows;
}

function fillServices(workflow: Workflow, tariff: WorkflowTariff): ServiceOption[] {
  let options = workflow.serviceOptions;
  for (const [name, figures] of Object.entries(tariff.serviceOptions ?? {})) {
    const index = options.findIndex((option) => option.name === name);
    const current = options[index];
    if (!current?.placeholder || !figures) continue;
    const next: ServiceOption = {
      name: current.name,
      priceCents: figures.priceCents ?? null,
      ratio: figures.ratio ?? null,
      ratioOf: figures.ratio === undefined ? null : (figures.ratioOf ?? current.ratioOf),
      minCents: figures.minCents === undefined ? current.minCents : figures.minCents,
      vatRate: figures.vatRate ?? current.vatRate,
      placeholder: false,
      source: INDICATIVE_SOURCE,
    };
    options = options.map((option, i) => (i === index ? next : option));
  }
  return options;
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { rigaDate } from '../../calendar';
import type { Orm } from '../../db';
import { formatPropertyPath } from '../../http/violations';
import { ADMINISTRATOR_SOURCE, figureOrigin, type ServiceOption, type WeightCost, type Workflow } from './model';
import { toWorkflow, type WorkflowCatalogue } from './repository';
import { workFlows } from './schema';
import {
  parseTariffFile,
  type TariffFile,
  TariffFileError,
  type TariffService,
  type TariffWeightStep,
  type WorkflowTariff,
} from './tariff-file';
import { weightStepsOn } from './weight-steps';

/**
 * The `source` of a figure set by an administrator (tariff file), where seeded figures name the
 * public page they come from (README.md "How unknown figures are kept").
 */
export { ADMINISTRATOR_SOURCE };

export interface TariffImportOptions {
  /** Named in the default note of each figure (e.g. the file's name). */
  fileName?: string;
  /** The pricing clock: steps without a `validFrom` take effect on this day in Riga. */
  now?: Date;
  /** Check against the stored workflows and report, but write nothing. */
  dryRun?: boolean;
  /** This process's catalogue, invalidated after a change so prices use the new figures at once. */
  catalogue?: WorkflowCatalogue;
}

export interface TariffImportReport {
  workflowsChanged: number;
  weightStepsSet: number;
  /** Steps the file gives with the price an administrator already set (e.g. applied again at start). */
  weightStepsUnchanged: number;
  /** Steps a replaced weight table (`replaceWeightCosts`) ended from its date. */
  weightStepsWithdrawn: number;
  servicesSet: number;
  servicesUnchanged: number;
}

const path_ = (...segments: (string | number)[]) => formatPropertyPath(segments);

/**
 * Applies a tariff file (tariff-file.ts) to the stored workflows in one transaction: every check
 * passes or nothing changes. A weight step is added as a dated row marked as set by an
 * administrator (the seeded rows, with their sources, stay as history); a service's figures are
 * replaced and marked the same way. The given workflow catalogue is invalidated so prices use the
 * new figures at once in this process (another API process sees them within its catalogue TTL).
 */
export async function applyTariffFile(
  orm: Orm,
  data: unknown,
  options: TariffImportOptions = {},
): Promise<TariffImportReport> {
  const file = parseTariffFile(data);
  const today = rigaDate(options.now ?? new Date());
  const report: TariffImportReport = {
    workflowsChanged: 0,
    weightStepsSet: 0,
    weightStepsUnchanged: 0,
    weightStepsWithdrawn: 0,
    servicesSet: 0,
    servicesUnchanged: 0,
  };

  await orm.transaction(async (tx) => {
    const stored = new Map(
      (await tx.select().from(workFlows))
        .map(toWorkflow)
        .filter((workflow) => workflow.seedKey !== null)
        .map((workflow) => [workflow.seedKey as string, workflow]),
    );
    const problems: string[] = [];
    const updates: { id: number; changes: Pick<Workflow, 'weightCosts' | 'serviceOptions' | 'placeholders'> }[] = [];

    for (const [seedKey, tariff] of Object.entries(file.workflows)) {
      const workflow = stored.get(seedKey);
      if (!workflow) {
        problems.push(`${path_('workflows', seedKey)}: No workflow has the seed key "${seedKey}".`);
        continue;
      }
      const before = problems.length;
      const weightCosts = mergeWeightSteps(
        workflow,
        tariff,
        file,
        { today, fileName: options.fileName },
        problems,
        report,
      );
      const serviceOptions = mergeServices(workflow, tariff, problems, report);
      if (problems.length > before) continue;
      if (weightCosts === workflow.weightCosts && serviceOptions === workflow.serviceOptions) continue;
      const placeholders = remainingPlaceholders(workflow.placeholders, weightCosts, serviceOptions, today);
      updates.push({ id: workflow.id, changes: { weightCosts, serviceOptions, placeholders } });
    }
    if (problems.length > 0) throw new TariffFileError(problems);

    report.workflowsChanged = updates.length;
    if (options.dryRun) return;
    const updatedAt = options.now ?? new Date();
    for (const { id, changes } of updates) {
      await tx
        .update(workFlows)
        .set({ ...changes, updatedAt })
        .where(eq(workFlows.id, id));
    }
  });
  if (!options.dryRun && report.workflowsChanged > 0) options.catalogue?.invalidate();
  return report;
}

/** Reads a tariff file from disk (relative paths from the working directory) and applies it. */
export async function applyTariffFileFromPath(
  orm: Orm,
  file: string,
  options: Omit<TariffImportOptions, 'fileName'> = {},
): Promise<TariffImportReport> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new TariffFileError([`${file}: cannot be read as JSON (${(error as Error).message}).`]);
  }
  return applyTariffFile(orm, data, { ...options, fileName: path.basename(file) });
}

/**
 * The workflow's rows with the file's steps added. Returns the same array when nothing changes.
 * A step whose figure in force on its date is already this administrator price is left alone, so
 * applying a file again (every API start) adds nothing. A step dated the same day as a published
 * figure is refused: the seeded figure would win the tie in the engine and its source be lost.
 */
function mergeWeightSteps(
  workflow: Workflow,
  tariff: WorkflowTariff,
  file: TariffFile,
  context: { today: string; fileName?: string },
  problems: string[],
  report: TariffImportReport,
): WeightCost[] {
  if (!tariff.weightCosts) return workflow.weightCosts;
  let rows = workflow.weightCosts;
  tariff.weightCosts.forEach((step: TariffWeightStep, index) => {
    const at = path_('workflows', workflow.seedKey as string, 'weightCosts', index);
    if (step.maxWeight > workflow.maxWeight) {
      problems.push(
        `${at}.maxWeight: ${step.maxWeight} g is above the workflow's maximum weight (${workflow.maxWeight} g).`,
      );
      return;
    }
    const validFrom = step.validFrom ?? tariff.validFrom ?? file.validFrom ?? context.today;
    const inForce = latestRow(rows, step, validFrom);
    if (inForce?.source === ADMINISTRATOR_SOURCE && inForce.priceCents === step.priceCents) {
      report.weightStepsUnchanged++;
      return;
    }
    const sameDay = sameDayRow(rows, step, validFrom);
    const existing = sameDay >= 0 ? rows[sameDay] : undefined;
    if (existing && figureOrigin(existing) === 'official') {
      problems.push(
        `${at}.validFrom: A published figure (${existing.source}) is stored for this step from ${validFrom}; ` +
          'give a later validFrom.',
      );
      return;
    }
    const row: WeightCost = {
      maxWeight: step.maxWeight,
      insured: step.insured,
      priceCents: step.priceCents,
      placeholder: false,
      validFrom,
      source: ADMINISTRATOR_SOURCE,
      note:
        step.note ??
        tariff.note ??
        file.note ??
        `Set by an administrator${context.fileName ? ` (tariff file ${context.fileName})` : ''}.`,
    };
    // An administrator, indicative or placeholder row of the same day is replaced; otherwise a new dated row.
    rows = existing ? rows.map((other, i) => (i === sameDay ? row : other)) : [...rows, row];
    report.weightStepsSet++;
  });
  if (tariff.replaceWeightCosts && tariff.weightCosts.length > 0) {
    const validFrom = tariff.validFrom ?? file.validFrom ?? context.today;
    rows = withdrawUnnamedSteps(workflow, rows, tariff.weightCosts, validFrom, problems, report);
  }
  return rows;
}

function sameDayRow(rows: readonly WeightCost[], step: Pick<WeightCost, 'maxWeight' | 'insured'>, on: string) {
  return rows.findIndex(
    (row) => row.maxWeight === step.maxWeight && row.insured === step.insured && row.validFrom === on,
  );
}

/**
 * `replaceWeightCosts`: every step in force on `validFrom` (either variant) that the new table
 * does not name gets a row withdrawing it from that day; the engine then skips the step. Its
 * earlier rows stay as history. Applied again, nothing is in force to withdraw, so nothing changes.
 */
function withdrawUnnamedSteps(
  workflow: Workflow,
  rows: WeightCost[],
  table: readonly TariffWeightStep[],
  validFrom: string,
  problems: string[],
  report: TariffImportReport,
): WeightCost[] {
  const named = new Set(table.map((step) => `${step.insured}:${step.maxWeight}`));
  let result = rows;
  for (const insured of [false, true]) {
    const inForce = weightStepsOn(result, validFrom, insured).filter((row) => row.insured === insured);
    for (const row of inForce) {
      if (named.has(`${insured}:${row.maxWeight}`)) continue;
      const sameDay = sameDayRow(result, row, validFrom);
      const existing = sameDay >= 0 ? result[sameDay] : undefined;
      if (existing && figureOrigin(existing) === 'official') {
        problems.push(
          `${path_('workflows', workflow.seedKey as string, 'validFrom')}: A published figure (${existing.source}) ` +
            `is stored for the ${row.maxWeight} g step from ${validFrom}; give a later validFrom to replace the table.`,
        );
        continue;
      }
      const withdrawal: WeightCost = {
        maxWeight: row.maxWeight,
        insured,
        priceCents: null,
        placeholder: false,
        validFrom,
        source: ADMINISTRATOR_SOURCE,
        note: 'Withdrawn: the weight table was replaced by an administrator.',
        withdrawn: true,
      };
      result = existing ? result.map((other, i) => (i === sameDay ? withdrawal : other)) : [...result, withdrawal];
      report.weightStepsWithdrawn++;
    }
  }
  return result;
}

/** The row of this step in force on `on` (latest `validFrom` not after it), as the engine picks it. */
function latestRow(rows: readonly WeightCost[], step: TariffWeightStep, on: string): WeightCost | undefined {
  let found: WeightCost | undefined;
  for (const row of rows) {
    if (row.maxWeight !== step.maxWeight || row.insured !== step.insured || row.validFrom > on) continue;
    if (!found || row.validFrom > found.validFrom) found = row;
  }
  return found;
}

const SERVICE_FIELDS = [
  'name',
  'priceCents',
  'ratio',
  'ratioOf',
  'minCents',
  'vatRate',
  'placeholder',
  'source',
] as const satisfies readonly (keyof ServiceOption)[];

/**
 * Field by field: the stored option comes back from a JSONB column with its keys in another order
 * (so its JSON text differs), and from a driver whose objects need not share this realm's prototype.
 */
function sameService(a: ServiceOption, b: ServiceOption): boolean {
  return SERVICE_FIELDS.every((field) => a[field] === b[field]);
}

/** The workflow's services with the file's figures. Only services the workflow offers can be priced. */
function mergeServices(
  workflow: Workflow,
  tariff: WorkflowTariff,
  problems: string[],
  report: TariffImportReport,
): ServiceOption[] {
  if (!tariff.serviceOptions) return workflow.serviceOptions;
  let options = workflow.serviceOptions;
  for (const [name, figures] of Object.entries(tariff.serviceOptions) as [string, TariffService][]) {
    const at = path_('workflows', workflow.seedKey as string, 'serviceOptions', name);
    const index = options.findIndex((option) => option.name === name);
    const current = options[index];
    if (!current) {
      const offered = options.map((option) => option.name).join(', ') || 'none';
      problems.push(`${at}: The workflow does not offer this service (it offers: ${offered}).`);
      continue;
    }
    const ratioOf = figures.ratio === undefined ? null : (figures.ratioOf ?? current.ratioOf);
    if (figures.ratio !== undefined && ratioOf === null) {
      problems.push(`${at}.ratioOf: Say what the ratio is of (insuredAmount, cashOnDeliveryAmount or shipmentPrice).`);
      continue;
    }
    const next: ServiceOption = {
      name: current.name,
      priceCents: figures.priceCents ?? null,
      ratio: figures.ratio ?? null,
      ratioOf,
      minCents: figures.minCents === undefined ? current.minCents : figures.minCents,
      vatRate: figures.vatRate ?? current.vatRate,
      placeholder: false,
      source: ADMINISTRATOR_SOURCE,
    };
    if (sameService(next, current)) {
      report.servicesUnchanged++;
      continue;
    }
    options = options.map((option, i) => (i === index ? next : option));
    report.servicesSet++;
  }
  return options;
}

/**
 * The workflow's `placeholders` list without `weightCosts` / `serviceOptions` once no figure in
 * force today is a placeholder any more. Entries are only removed: the seed decides what is unknown.
 */
export function remainingPlaceholders(
  placeholders: string[],
  weightCosts: WeightCost[],
  serviceOptions: ServiceOption[],
  today: string,
): string[] {
  const stepsKnown = [false, true].every((insured) =>
    weightStepsOn(weightCosts, today, insured).every((row) => !row.placeholder && row.priceCents !== null),
  );
  const servicesKnown = serviceOptions.every((option) => !option.placeholder);
  return placeholders.filter(
    (field) => !(field === 'weightCosts' && stepsKnown) && !(field === 'serviceOptions' && servicesKnown),
  );
}

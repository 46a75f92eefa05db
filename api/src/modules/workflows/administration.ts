import type {
  AdminWorkflow,
  WorkflowCreate,
  WorkflowMassEdit,
  WorkflowTariff,
  WorkflowWrite,
} from '@portal/shared-contracts/admin';
import type { AdditionalServiceName } from '@portal/shared-contracts/pricing';
import { eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../db';
import type { Violation } from '../../http/problem';
import { countryExists } from '../countries';
import { ADMINISTRATOR_SOURCE, type ServiceOption, type Workflow } from './model';
import { toWorkflow, type WorkflowCatalogue } from './repository';
import { workFlows } from './schema';
import { placeholderService, workflowFromDraft } from './seed-data';
import { TariffFileError } from './tariff-file';
import { applyTariffFile } from './tariff-import';

/** What a ratio-priced service is a share of, for a service the back office adds (its figures come later). */
const RATIO_OF: Partial<Record<AdditionalServiceName, ServiceOption['ratioOf']>> = {
  insurance: 'insuredAmount',
  cashOnDelivery: 'cashOnDeliveryAmount',
  cashOnDeliveryToBank: 'cashOnDeliveryAmount',
  cashOnDeliveryToPNS: 'cashOnDeliveryAmount',
};

/** A refused change: the violations to answer with (422). */
export class WorkflowRejected extends Error {
  constructor(readonly violations: Violation[]) {
    super(violations.map((violation) => `${violation.propertyPath}: ${violation.message}`).join('\n'));
    this.name = 'WorkflowRejected';
  }
}

/** The back office's view of a product (shared-contracts AdminWorkflow). */
export function adminWorkflowResource(workflow: Workflow): AdminWorkflow {
  return {
    '@id': `/api/admin/work_flows/${workflow.id}`,
    id: workflow.id,
    seedKey: workflow.seedKey,
    isActive: workflow.isActive,
    label: workflow.label,
    labelLv: workflow.labelLv,
    shipmentType: workflow.shipmentType,
    shipmentSubType: workflow.shipmentSubType as AdminWorkflow['shipmentSubType'],
    shipmentSizeType: workflow.shipmentSizeType as AdminWorkflow['shipmentSizeType'],
    countryCode: workflow.countryCode,
    zone: workflow.zone,
    transferType: workflow.transferType as AdminWorkflow['transferType'],
    receivingType: workflow.receivingType as AdminWorkflow['receivingType'],
    transferNetworks: workflow.transferNetworks,
    receivingNetworks: workflow.receivingNetworks,
    maxWeight: workflow.maxWeight,
    deliveryDays: workflow.deliveryDays,
    serviceOptions: workflow.serviceOptions.map((service) => service.name),
    services: workflow.serviceOptions,
    weightCosts: workflow.weightCosts,
    placeholders: workflow.placeholders,
    updatedAt: workflow.updatedAt.toISOString(),
  };
}

/** The offered services by name: those already offered keep their figures, new ones are "price on request". */
function servicesNamed(names: readonly AdditionalServiceName[], current: readonly ServiceOption[]): ServiceOption[] {
  return names.map(
    (name) =>
      current.find((service) => service.name === name) ?? placeholderService(name, { ratioOf: RATIO_OF[name] ?? null }),
  );
}

/** The row's columns that follow from the edited fields (descriptions, placeholders list). */
function editedColumns(
  workflow: Pick<Workflow, 'subTypeDescription' | 'placeholders' | 'serviceOptions'>,
  input: WorkflowWrite,
) {
  const serviceOptions = servicesNamed(input.serviceOptions, workflow.serviceOptions);
  const placeholders = workflow.placeholders.filter((field) => field !== 'deliveryDays' && field !== 'serviceOptions');
  if (input.deliveryDays === null) placeholders.push('deliveryDays');
  if (serviceOptions.some((service) => service.placeholder)) placeholders.push('serviceOptions');
  return {
    isActive: input.isActive,
    label: input.label,
    labelLv: input.labelLv,
    shipmentType: input.shipmentType,
    shipmentSubType: input.shipmentSubType,
    shipmentSizeType: input.shipmentSizeType,
    countryCode: input.countryCode,
    zone: input.zone,
    transferType: input.transferType,
    receivingType: input.receivingType,
    ...(input.transferNetworks ? { transferNetworks: input.transferNetworks } : {}),
    ...(input.receivingNetworks ? { receivingNetworks: input.receivingNetworks } : {}),
    maxWeight: input.maxWeight,
    deliveryDays: input.deliveryDays,
    serviceOptions,
    subTypeDescription: {
      ...workflow.subTypeDescription,
      transferOptions: input.transferType ? [input.transferType] : [],
      receivingOptions: input.receivingType ? [input.receivingType] : [],
      serviceOptions: [...input.serviceOptions],
    },
    placeholders,
  };
}

/**
 * Creating and editing products from the back office (issue 14 item 4). Every change invalidates
 * the catalogue at once, so the calculator and the order wizard of this process see it on their
 * next request (another API process within the catalogue TTL).
 */
export class WorkflowAdministration {
  constructor(
    private readonly orm: Orm,
    private readonly catalogue: WorkflowCatalogue,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async find(id: number): Promise<Workflow | undefined> {
    const [row] = await this.orm.select().from(workFlows).where(eq(workFlows.id, id));
    return row ? toWorkflow(row) : undefined;
  }

  async create(input: WorkflowCreate): Promise<Workflow> {
    await this.checkReferences(input, { seedKey: input.seedKey });
    const draft = workflowFromDraft({
      seedKey: input.seedKey,
      label: input.label,
      labelLv: input.labelLv ?? input.label,
      shipmentType: input.shipmentType,
      shipmentSubType: input.shipmentSubType,
      shipmentSizeType: input.shipmentSizeType,
      countryCode: input.countryCode,
      zone: input.zone,
      transferType: input.transferType,
      receivingType: input.receivingType,
      maxWeight: input.maxWeight,
      description: input.label,
      weightCosts: input.tariff.weightCosts.map((step) => ({
        maxWeight: step.maxWeight,
        insured: step.insured,
        priceCents: step.priceCents,
        placeholder: false,
        validFrom: input.tariff.validFrom,
        source: ADMINISTRATOR_SOURCE,
        note: 'Set by an administrator in the back office.',
      })),
      serviceOptions: [],
      placeholders: [],
    });
    const values = { ...draft, ...editedColumns(draft, input), labelLv: input.labelLv };
    const [row] = await this.orm.insert(workFlows).values(values).returning();
    this.catalogue.invalidate();
    return toWorkflow(row as NonNullable<typeof row>);
  }

  async update(id: number, input: WorkflowWrite): Promise<Workflow | undefined> {
    const current = await this.find(id);
    if (!current) return undefined;
    await this.checkReferences(input, {});
    const [row] = await this.orm
      .update(workFlows)
      .set({ ...editedColumns(current, input), updatedAt: this.now() })
      .where(eq(workFlows.id, id))
      .returning();
    this.catalogue.invalidate();
    return row ? toWorkflow(row) : undefined;
  }

  /** The same change to several products; unknown ids are refused before anything changes. */
  async massEdit(edit: WorkflowMassEdit): Promise<{ before: Workflow[]; after: Workflow[] }> {
    const ids = [...new Set(edit.ids)];
    const before = (await this.orm.select().from(workFlows).where(inArray(workFlows.id, ids))).map(toWorkflow);
    const found = new Set(before.map((workflow) => workflow.id));
    const missing = edit.ids.flatMap((id, index) =>
      found.has(id)
        ? []
        : [{ propertyPath: `ids[${index}]`, message: `Workflow "${id}" not found.`, code: 'NOT_FOUND' }],
    );
    if (missing.length > 0) throw new WorkflowRejected(missing);
    const { isActive, deliveryDays } = edit.changes;
    const after = await this.orm.transaction(async (tx) => {
      const changed: Workflow[] = [];
      for (const workflow of before) {
        const placeholders =
          deliveryDays === undefined
            ? workflow.placeholders
            : [
                ...workflow.placeholders.filter((field) => field !== 'deliveryDays'),
                ...(deliveryDays === null ? ['deliveryDays'] : []),
              ];
        const [row] = await tx
          .update(workFlows)
          .set({
            ...(isActive === undefined ? {} : { isActive }),
            ...(deliveryDays === undefined ? {} : { deliveryDays }),
            placeholders,
            updatedAt: this.now(),
          })
          .where(eq(workFlows.id, workflow.id))
          .returning();
        if (row) changed.push(toWorkflow(row));
      }
      return changed;
    });
    this.catalogue.invalidate();
    return { before, after };
  }

  /**
   * A dated tariff for one product, applied as a one-product tariff file (tariff-import.ts), so the
   * back office and `npm run tariffs:set` keep the same history rules. Its problems come back as
   * violations of the request's fields.
   */
  async setTariff(workflow: Workflow, tariff: WorkflowTariff): Promise<Workflow> {
    const seedKey = workflow.seedKey;
    if (seedKey === null) {
      throw new WorkflowRejected([
        { propertyPath: '', message: 'This product has no key a tariff can name.', code: 'WORKFLOW_NO_KEY' },
      ]);
    }
    try {
      await applyTariffFile(
        this.orm,
        {
          validFrom: tariff.validFrom,
          note: 'Set by an administrator in the back office.',
          workflows: {
            [seedKey]: {
              weightCosts: tariff.weightCosts,
              ...(tariff.replaceWeightCosts ? { replaceWeightCosts: true } : {}),
            },
          },
        },
        { catalogue: this.catalogue, now: this.now() },
      );
    } catch (error) {
      if (!(error instanceof TariffFileError)) throw error;
      const prefix = `workflows.${seedKey}.`;
      throw new WorkflowRejected(
        error.problems.map((problem) => {
          const separator = problem.indexOf(': ');
          const where = separator < 0 ? '' : problem.slice(0, separator);
          return {
            propertyPath: where.startsWith(prefix) ? where.slice(prefix.length) : '',
            message: separator < 0 ? problem : problem.slice(separator + 2),
            code: 'WORKFLOW_TARIFF',
          };
        }),
      );
    }
    this.catalogue.invalidate();
    return (await this.find(workflow.id)) as Workflow;
  }

  /** Rules that need the database: a known country, a key not used yet. */
  private async checkReferences(input: WorkflowWrite, { seedKey }: { seedKey?: string }): Promise<void> {
    const violations: Violation[] = [];
    if (input.countryCode !== null) {
      if (!(await countryExists(this.orm, input.countryCode)))
        violations.push({ propertyPath: 'countryCode', message: 'Unknown country.', code: 'UNKNOWN_COUNTRY' });
    }
    if (seedKey !== undefined) {
      const [taken] = await this.orm.select({ id: workFlows.id }).from(workFlows).where(eq(workFlows.seedKey, seedKey));
      if (taken)
        violations.push({ propertyPath: 'seedKey', message: 'This key is already used.', code: 'WORKFLOW_KEY_TAKEN' });
    }
    if (violations.length > 0) throw new WorkflowRejected(violations);
  }
}

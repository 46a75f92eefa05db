import { SHIPMENT_SUB_TYPES, type ShipmentType } from '@portal/shared-contracts/pricing';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Orm } from '../../db';
import type { Paging } from '../../http/hydra';
import { countryExists } from '../countries';
import type { Workflow, Zone } from './model';
import { toWorkflow, type WorkflowCatalogue } from './repository';
import { workFlows } from './schema';
import { servesCountry, zoneOf } from './zones';

export const SORTABLE_FIELDS = {
  id: workFlows.id,
  createdAt: workFlows.createdAt,
  updatedAt: workFlows.updatedAt,
  label: workFlows.label,
  shipmentType: workFlows.shipmentType,
  shipmentSubType: workFlows.shipmentSubType,
  shipmentSizeType: workFlows.shipmentSizeType,
  isActive: workFlows.isActive,
  maxWeight: workFlows.maxWeight,
} as const;
export type SortableField = keyof typeof SORTABLE_FIELDS;

export interface WorkflowFilter {
  ids?: number[];
  shipmentType?: ShipmentType;
  shipmentSubType?: string;
  shipmentSizeType?: string;
  countryCode?: string;
  zone?: Zone;
  transferType?: string;
  receivingType?: string;
  isActive?: boolean;
  label?: string;
}

export type WorkflowOrder = { field: SortableField; direction: 'ASC' | 'DESC' }[];

const SUB_TYPE_LABELS: Record<string, string> = {
  economy: 'Economy',
  registered: 'Registered',
  trackable: 'Trackable',
  premium: 'Premium',
  standard: 'Standard',
  standardPlus: 'Standard+',
};

export class WorkflowService {
  constructor(
    private readonly orm: Orm,
    private readonly catalogue: WorkflowCatalogue,
  ) {}

  /** One page of workflows; by default newest first (SPEC §9), id as the last tie-break. */
  async list(
    filter: WorkflowFilter,
    order: WorkflowOrder,
    { page, itemsPerPage }: Paging,
  ): Promise<{ items: Workflow[]; totalItems: number }> {
    const where = and(...this.conditions(filter));
    const orderBy = [
      ...(order.length > 0 ? order : [{ field: 'createdAt' as const, direction: 'DESC' as const }]).map(
        ({ field, direction }) => (direction === 'ASC' ? asc(SORTABLE_FIELDS[field]) : desc(SORTABLE_FIELDS[field])),
      ),
      order.some(({ field }) => field === 'id') ? undefined : desc(workFlows.id),
    ].filter((clause) => clause !== undefined);
    const [rows, [counted]] = await Promise.all([
      this.orm
        .select()
        .from(workFlows)
        .where(where)
        .orderBy(...orderBy)
        .limit(itemsPerPage)
        .offset((page - 1) * itemsPerPage),
      this.orm.select({ total: count() }).from(workFlows).where(where),
    ]);
    return { items: rows.map(toWorkflow), totalItems: counted?.total ?? 0 };
  }

  async findById(id: number): Promise<Workflow | undefined> {
    const [row] = await this.orm.select().from(workFlows).where(eq(workFlows.id, id));
    return row ? toWorkflow(row) : undefined;
  }

  async countryExists(code: string): Promise<boolean> {
    return countryExists(this.orm, code);
  }

  /** Subtypes of the active workflows of a type (and country), in the order of SPEC §3. */
  async subTypes(filter: {
    shipmentType?: ShipmentType;
    countryCode?: string;
  }): Promise<{ value: string; label: string }[]> {
    const found = new Set(
      (await this.catalogue.all())
        .filter(
          (workflow) =>
            workflow.isActive &&
            (filter.shipmentType === undefined || workflow.shipmentType === filter.shipmentType) &&
            (filter.countryCode === undefined || servesCountry(workflow, filter.countryCode)),
        )
        .map((workflow) => workflow.shipmentSubType),
    );
    const known: readonly string[] = SHIPMENT_SUB_TYPES;
    return [...found]
      .sort((a, b) => (known.indexOf(a) >>> 0) - (known.indexOf(b) >>> 0) || a.localeCompare(b))
      .map((value) => ({ value, label: SUB_TYPE_LABELS[value] ?? value }));
  }

  private conditions(filter: WorkflowFilter): SQL[] {
    const conditions: (SQL | undefined)[] = [];
    if (filter.ids !== undefined) conditions.push(inArray(workFlows.id, filter.ids));
    if (filter.shipmentType !== undefined) conditions.push(eq(workFlows.shipmentType, filter.shipmentType));
    if (filter.shipmentSubType !== undefined) conditions.push(eq(workFlows.shipmentSubType, filter.shipmentSubType));
    if (filter.shipmentSizeType !== undefined) conditions.push(eq(workFlows.shipmentSizeType, filter.shipmentSizeType));
    if (filter.transferType !== undefined) conditions.push(eq(workFlows.transferType, filter.transferType));
    if (filter.receivingType !== undefined) conditions.push(eq(workFlows.receivingType, filter.receivingType));
    if (filter.zone !== undefined) conditions.push(eq(workFlows.zone, filter.zone));
    if (filter.isActive !== undefined) conditions.push(eq(workFlows.isActive, filter.isActive));
    if (filter.label !== undefined) {
      const pattern = `%${escapeLike(filter.label)}%`;
      conditions.push(or(ilike(workFlows.label, pattern), ilike(workFlows.labelLv, pattern)) as SQL);
    }
    if (filter.countryCode !== undefined) {
      // Named for the country, or a zone workflow of the country's zone.
      conditions.push(
        or(
          eq(workFlows.countryCode, filter.countryCode),
          and(isNull(workFlows.countryCode), eq(workFlows.zone, zoneOf(filter.countryCode))),
        ),
      );
    }
    return conditions.filter((condition) => condition !== undefined);
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

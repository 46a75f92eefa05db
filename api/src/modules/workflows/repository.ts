import type { Orm } from '../../db';
import type { Workflow } from './model';
import { workFlows } from './schema';

export type WorkflowRow = typeof workFlows.$inferSelect;

/** A row as the services use it: the columns are typed (schema.ts), so a row is a Workflow as it is. */
export function toWorkflow(row: WorkflowRow): Workflow {
  return row;
}

/**
 * Every workflow in memory, for the price engine: the whole tariff table is a few dozen rows,
 * and pricing reads it on every request. The snapshot is reloaded after `ttlMs` (so a change
 * made through another API instance shows within that time) or at once after `invalidate()`,
 * which the module that changes workflows calls.
 */
export class WorkflowCatalogue {
  private snapshot: { loadedAt: number; workflows: Promise<Workflow[]> } | undefined;

  constructor(
    private readonly orm: Orm,
    private readonly ttlMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  all(): Promise<Workflow[]> {
    const current = this.snapshot;
    if (current && this.now() - current.loadedAt < this.ttlMs) return current.workflows;
    const workflows = this.orm
      .select()
      .from(workFlows)
      .orderBy(workFlows.id)
      .then((rows) => rows.map(toWorkflow));
    const next = { loadedAt: this.now(), workflows };
    this.snapshot = next;
    // A failed load is not kept: the next call tries again.
    workflows.catch(() => {
      if (this.snapshot === next) this.snapshot = undefined;
    });
    return workflows;
  }

  async byId(id: number): Promise<Workflow | undefined> {
    return (await this.all()).find((workflow) => workflow.id === id);
  }

  invalidate(): void {
    this.snapshot = undefined;
  }
}

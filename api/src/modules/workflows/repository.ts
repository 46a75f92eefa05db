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
 * and pricing reads it on every request. The snapshot is reloaded after `ttlMs` or at once after `invalidate()`, which
 * the module that changes workflows calls; the other API instances hear of it (change notices) and
 * reload too, so `ttlMs` only bounds a lost notice.
 */
export class WorkflowCatalogue {
  private snapshot: { loadedAt: number; workflows: Promise<Workflow[]> } | undefined;

  constructor(
    private readonly orm: Orm,
    private readonly ttlMs = 30_000,
    private readonly now: () => number = Date.now,
    /** Called after a change made here, to tell the other API instances (the composition root's). */
    private readonly announce: () => void = () => {},
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

  /** After a change made here: reload on the next read, and tell the other instances. */
  invalidate(): void {
    this.forget();
    this.announce();
  }

  /** Reload on the next read (another instance changed the workflows, or the cache was cleared). */
  forget(): void {
    this.snapshot = undefined;
  }
}

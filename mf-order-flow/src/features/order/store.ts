import type { Violation } from '@portal/shared-contracts';
import { create } from 'zustand';
import type { ShipmentType } from '../../shared/order/shipment-type';
import { emptyDraft, type OrderDraft } from './model';

/** The saved order behind the draft: its address (`@id`, `/api/orders/{key}`), key and version. */
export interface SavedOrder {
  iri: string;
  key: string;
  version: number;
}

/**
 * The wizard's state (SPEC §4 Order editing flow): step, draft, the saved order, server
 * violations per field and the approval violations kept apart. Local to this remote; the
 * shell knows nothing of it.
 */
export interface OrderFlowState {
  /** The path the wizard was on; a different path means a route change (SPEC §2 reset). */
  path: string | null;
  step: number;
  draft: OrderDraft;
  saved: SavedOrder | null;
  /** Server and client violations of the current step, by property path. */
  violations: Violation[];
  /** Approval-type violations waiting for the user's decision (SPEC §4 Approval). */
  approval: Violation[];
  /**
   * What approving them carries on with: leaving the step that asked (issue 40: "Approve and
   * continue" only closed the dialog, and a second Next was needed). Null: approving only closes.
   */
  approvalContinue: (() => void) | null;
  /** A repeat order starts at step 2 (SPEC §4). */
  repeat: boolean;
  paymentInProgress: boolean;
  /** The latest known total in cents (the chosen product's price, then the order's). */
  price: number | null;
  setPrice: (price: number | null) => void;
  start: (shipmentType: ShipmentType, path: string) => void;
  setPath: (path: string) => void;
  update: (change: Partial<OrderDraft> | ((draft: OrderDraft) => Partial<OrderDraft>)) => void;
  goTo: (step: number) => void;
  setSaved: (saved: SavedOrder | null) => void;
  setViolations: (violations: Violation[]) => void;
  setApproval: (approval: Violation[], onApproved?: () => void) => void;
  load: (state: Pick<OrderFlowState, 'draft' | 'saved' | 'step'> & { path: string; repeat?: boolean }) => void;
  setPaymentInProgress: (value: boolean) => void;
}

export const useOrderFlow = create<OrderFlowState>((set) => ({
  path: null,
  step: 1,
  draft: emptyDraft('parcel'),
  saved: null,
  violations: [],
  approval: [],
  approvalContinue: null,
  repeat: false,
  paymentInProgress: false,
  price: null,
  setPrice: (price) => set({ price }),
  start: (shipmentType, path) =>
    set({
      path,
      step: 1,
      draft: emptyDraft(shipmentType),
      saved: null,
      violations: [],
      approval: [],
      approvalContinue: null,
      repeat: false,
      paymentInProgress: false,
      price: null,
    }),
  setPath: (path) => set({ path }),
  update: (change) =>
    set((state) => ({ draft: { ...state.draft, ...(typeof change === 'function' ? change(state.draft) : change) } })),
  goTo: (step) => set({ step, violations: [] }),
  setSaved: (saved) => set({ saved }),
  setViolations: (violations) => set({ violations }),
  setApproval: (approval, onApproved) => set({ approval, approvalContinue: onApproved ?? null }),
  load: ({ draft, saved, step, path, repeat = false }) =>
    set({
      draft,
      saved,
      step,
      path,
      repeat,
      violations: [],
      approval: [],
      approvalContinue: null,
      paymentInProgress: false,
      price: null,
    }),
  setPaymentInProgress: (paymentInProgress) => set({ paymentInProgress }),
}));

/**
 * SPEC §2 Behaviour on navigation: a route change to a different path resets the order in
 * progress. Moving between the addresses of the same order (the new order getting its key:
 * `/orders/parcel` → `/orders/parcel/{key}`) is not a change of order and keeps it.
 */
export function isSameOrderPath(previous: string | null, next: string, saved: SavedOrder | null): boolean {
  if (previous === null) return false;
  if (previous === next) return true;
  if (!saved) return false;
  const ofOrder = (path: string) => {
    const [, orders, type, key] = path.split('/');
    return orders === 'orders' ? { type, key } : null;
  };
  const before = ofOrder(previous);
  const after = ofOrder(next);
  if (!before || !after || before.type !== after.type) return false;
  return (before.key === undefined || before.key === saved.key) && after.key === saved.key;
}

/** A workflow id handed over by the calculator, chosen once the prices have arrived. */
export const pendingWorkFlow = {
  id: null as number | null,
  set(id: number) {
    this.id = id;
  },
  take(): number | null {
    const id = this.id;
    this.id = null;
    return id;
  },
};

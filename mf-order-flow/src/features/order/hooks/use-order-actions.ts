import { ApplicationError, splitApprovalViolations, type Violation } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { useNavigate } from '@portal/shared-contracts/router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { createOrder, startPayment, updateOrder, validateOrder } from '../../../shared/order/api';
import type { OrderResource } from '../../../shared/order/contract';
import { toOrderWrite } from '../model';
import { useOrderFlow } from '../store';
import type { StepName } from './use-steps';

export interface StepContext {
  steps: StepName[];
  /** The name of the step being left. */
  current: StepName;
}

/**
 * What the wizard's buttons do (SPEC §4 Order editing flow): validate a step on the server
 * (violations beside the fields; approval-type ones in the approval dialog), save the order
 * (create, then PUT with the version read), and pay.
 */
export function useOrderActions() {
  const { t } = useTranslation(NAMESPACE);
  const { api, session, notify, translateServerMessage } = usePlatform();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const account = session?.status === 'authenticated' ? (session.activeAccount?.id ?? null) : null;

  const body = (step: number, withContent: boolean) => {
    const { draft, saved } = useOrderFlow.getState();
    return toOrderWrite(draft, { step, account, version: saved?.version, withContent });
  };

  /**
   * Shows a failure: violations beside their fields, approvals in the dialog (approving them
   * carries on with `onApproved`, when given), anything else as a toast.
   */
  const report = (error: unknown, onApproved?: () => void): void => {
    if (error instanceof ApplicationError && error.violations.length > 0) {
      const { approval, errors } = splitApprovalViolations(error.violations);
      useOrderFlow.getState().setViolations(errors);
      useOrderFlow.getState().setApproval(errors.length === 0 ? approval : [], onApproved);
      if (errors.length > 0) notify('error', t('errors.fixFields'));
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    notify('error', translateServerMessage(message));
  };

  /** Keeps the saved order's address and version, and moves the address bar to `/orders/{type}/{key}`. */
  const remember = (order: OrderResource) => {
    const state = useOrderFlow.getState();
    const wasNew = state.saved === null;
    state.setSaved({ iri: order['@id'], key: order.key, version: order.version });
    if (wasNew) {
      const path = `/orders/${state.draft.shipmentType}/${encodeURIComponent(order.key)}`;
      navigate(path, { replace: true });
    }
  };

  const save = async (step: number, withContent: boolean): Promise<OrderResource> => {
    const { saved } = useOrderFlow.getState();
    const order = saved
      ? await updateOrder(api, saved.iri, body(step, withContent))
      : await createOrder(api, body(step, withContent));
    remember(order);
    return order;
  };

  const run = async <T>(work: () => Promise<T>, onApproved?: () => void): Promise<T | undefined> => {
    setBusy(true);
    try {
      return await work();
    } catch (error) {
      report(error, onApproved);
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  /**
   * Leaves a step forward: client checks first (`clientViolations`), then the server's validation
   * of every step so far; on success the next step opens (the summary saves the order first).
   */
  const next = async ({ steps, current }: StepContext, clientViolations: Violation[] = []): Promise<void> => {
    const state = useOrderFlow.getState();
    // Approved, the same step is left again: the approvals are then in the draft.
    const again = () => void next({ steps, current }, clientViolations);
    const index = steps.indexOf(current);
    const withContent = steps.includes('content');
    const { approval, errors } = splitApprovalViolations(clientViolations);
    if (errors.length > 0) {
      state.setViolations(errors);
      return;
    }
    const unapproved = approval.filter((item) => !state.draft.approvals.includes(item.code ?? ''));
    if (unapproved.length > 0) {
      state.setViolations([]);
      state.setApproval(unapproved, again);
      return;
    }
    await run(async () => {
      await validateOrder(api, body(index + 1, withContent), current === 'content', state.saved?.key);
      const following = steps[index + 1];
      if (following === 'summary') await save(index + 2, withContent);
      useOrderFlow.getState().setViolations([]);
      useOrderFlow.getState().goTo(index + 2);
    }, again);
  };

  /**
   * Approves the approval-type violations shown in the dialog (SPEC §4), then carries on with what
   * asked for them: the step is left again ("Approve and continue", issue 40).
   */
  const approve = (codes: string[]) => {
    const state = useOrderFlow.getState();
    const carryOn = state.approvalContinue;
    state.update((draft) => ({ approvals: [...new Set([...draft.approvals, ...codes])] }));
    state.setApproval([]);
    carryOn?.();
  };

  /** Registered users keep unfinished orders (SPEC §4 "Save order"). */
  const saveForLater = async (step: number, withContent: boolean) => {
    const order = await run(() => save(step, withContent));
    if (order) notify('success', t('wizard.saved'));
  };

  /** Saves the summary's choices, then sends the browser to the payment page. */
  const pay = async (step: number, withContent: boolean) => {
    useOrderFlow.getState().setPaymentInProgress(true);
    const redirect = await run(async () => {
      const order = await save(step, withContent);
      // A path on this site: the payment page appends the result (/success, /failed, /cancelled).
      const returnUrl = `/orders/${useOrderFlow.getState().draft.shipmentType}/${encodeURIComponent(order.key)}`;
      return startPayment(api, order['@id'], returnUrl);
    });
    if (redirect) {
      window.location.assign(redirect);
    } else {
      useOrderFlow.getState().setPaymentInProgress(false);
    }
  };

  return { busy, next, approve, saveForLater, pay, report, save, run, account };
}

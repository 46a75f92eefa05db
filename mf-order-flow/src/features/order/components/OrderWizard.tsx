import { usePlatform } from '@portal/shared-contracts/react';
import { Link, useLocation, useSearchParams } from '@portal/shared-contracts/router';
import { Alert, Anchor, Box, Center, Loader } from '@portal/shared-contracts/ui';
import { Grid, Stepper } from '@portal/shared-contracts/ui/forms';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { fetchOrder, orderIri } from '../../../shared/order/api';
import type { ShipmentType } from '../../../shared/order/shipment-type';
import { useOrderActions } from '../hooks/use-order-actions';
import { type StepName, useSteps } from '../hooks/use-steps';
import { applyPrefill, fromOrderResource, prefillFromQuery } from '../model';
import { isSameOrderPath, pendingWorkFlow, useOrderFlow } from '../store';
import { loadChosenWorkFlow } from '../workflow';
import { ApprovalDialog } from './ApprovalDialog';
import { OrderSummaryCard } from './OrderSummaryCard';
import ShipmentStep from './steps/ShipmentStep';

// The first step comes with the wizard (every order starts there: a step loading after the wizard
// grew the page under the visitor's eyes, issue 18); the others load when first shown, so the
// remote's first chunk stays small.
const PartiesStep = lazy(() => import('./steps/PartiesStep'));
const ContentStep = lazy(() => import('./steps/ContentStep'));
const SummaryStep = lazy(() => import('./steps/SummaryStep'));

const STEP_COMPONENTS: Record<StepName, ComponentType<{ steps: StepName[] }>> = {
  shipment: ShipmentStep,
  parties: PartiesStep,
  content: ContentStep,
  summary: SummaryStep,
};

/**
 * The four-step order wizard (SPEC §2 Order flow screens) for a new order (`/orders/{type}`)
 * or a saved one (`/orders/{type}/{key}`). A route change to another path starts over (SPEC §2).
 */
export default function OrderWizard({ shipmentType, orderKey }: { shipmentType: ShipmentType; orderKey?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { pathname } = useLocation();
  const ready = useOrderSession(shipmentType, pathname, orderKey);
  const step = useOrderFlow((state) => state.step);
  const steps = useSteps();
  const { approve } = useOrderActions();

  if (ready === 'loading') {
    return (
      <Center mih={240}>
        <Loader aria-label={t('wizard.loading')} />
      </Center>
    );
  }
  if (ready === 'locked') {
    return (
      <Alert color="blue" role="status" data-testid="order-locked">
        {t('wizard.locked')}{' '}
        <Anchor component={Link} to={`/orders/${shipmentType}/${encodeURIComponent(orderKey ?? '')}/success`}>
          {t('wizard.lockedLink')}
        </Anchor>
      </Alert>
    );
  }
  if (ready === 'missing') {
    return (
      <Alert color="red" role="alert" data-testid="order-missing">
        {t('errors.orderNotFound')}
      </Alert>
    );
  }
  const current = steps[Math.min(step, steps.length) - 1] ?? 'shipment';
  const Step = STEP_COMPONENTS[current];
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stepper active={Math.min(step, steps.length) - 1} size="sm" mb="lg" allowNextStepsSelect={false}>
          {steps.map((name) => (
            <Stepper.Step key={name} label={t(`steps.${name}`)} />
          ))}
        </Stepper>
        <Box data-testid={`step-${current}`}>
          <Suspense
            fallback={
              <Center mih={160}>
                <Loader aria-label={t('wizard.loading')} />
              </Center>
            }
          >
            <Step steps={steps} />
          </Suspense>
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <OrderSummaryCard />
      </Grid.Col>
      <ApprovalDialog onApprove={approve} />
    </Grid>
  );
}

/**
 * Starts, keeps or loads the order for this address: the same order's addresses keep the
 * draft; any other path starts over, prefilled from the query string (`?country=LT&weight=2000&workFlow=12`)
 * or loaded from the API for `/orders/{type}/{key}`.
 */
function useOrderSession(shipmentType: ShipmentType, pathname: string, orderKey: string | undefined) {
  const { api, events, session } = usePlatform();
  const [params] = useSearchParams();
  const [status, setStatus] = useState<'loading' | 'ready' | 'missing' | 'locked'>(() => {
    const state = useOrderFlow.getState();
    const fresh = !orderKey && !params.get('repeat');
    return isSameOrderPath(state.path, pathname, state.saved) || fresh ? 'ready' : 'loading';
  });
  const _account = session?.status === 'authenticated' ? (session.activeAccount?.id ?? null) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new path starts or loads an order; the query string is read once then.
  useEffect(() => {
    const state = useOrderFlow.getState();
    if (isSameOrderPath(state.path, pathname, state.saved)) {
      state.setPath(pathname);
      setStatus('ready');
      return;
    }
    const repeatOf = params.get('repeat');
    if (!orderKey && !repeatOf) {
      state.start(shipmentType, pathname);
      const prefill = prefillFromQuery(params);
      state.update((draft) => applyPrefill(draft, prefill));
      if (prefill.workFlowId) pendingWorkFlow.set(prefill.workFlowId);
      setStatus('ready');
      return;
    }
    let cancelled = false;
    setStatus('loading');
    void (async () => {
      try {
        const order = await fetchOrder(api, orderIri(orderKey ?? repeatOf ?? ''));
        const line = order.orderLines[0];
        const workFlow = line?.workFlow ? await loadChosenWorkFlow(api, line.workFlow) : null;
        if (cancelled) return;
        const draft = fromOrderResource(order, shipmentType, workFlow);
        if (!orderKey) {
          // SPEC §4: a repeat order is a new order with the same shipment and parties, from step 2.
          useOrderFlow.getState().load({
            draft: {
              ...draft,
              termsAccepted: false,
              privacyAccepted: false,
              approvals: [],
              discountCode: '',
              handoverAnywhere: true,
              transferLocation: null,
            },
            saved: null,
            step: 2,
            path: pathname,
            repeat: true,
          });
          setStatus('ready');
          return;
        }
        if (order.status !== 'unfinished') {
          // SPEC §4: after payment the order cannot be edited.
          setStatus('locked');
          return;
        }
        const lastStep = order.steps.length || 3;
        useOrderFlow.getState().load({
          draft,
          saved: { iri: order['@id'], key: order.key, version: order.version },
          step: Math.min(Math.max(order.step, 1), lastStep),
          path: pathname,
        });
        setStatus('ready');
      } catch {
        if (!cancelled) setStatus('missing');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [pathname, orderKey, shipmentType]);

  // The calculator may hand over its choice on the bus as well as in the address.
  useEffect(
    () =>
      events.on('order:prefill', (prefill) => {
        const state = useOrderFlow.getState();
        if (state.step !== 1 || prefill.shipmentType !== state.draft.shipmentType) return;
        state.update((draft) => applyPrefill(draft, { countryCode: prefill.countryCode, weightGrams: prefill.weight }));
        const id = Number(prefill.workflowId);
        if (Number.isInteger(id) && id > 0) pendingWorkFlow.set(id);
      }),
    [events],
  );

  // Leaving the wizard (another page) forgets the path: coming back is a route change (SPEC §2).
  useEffect(
    () => () => {
      if (!useOrderFlow.getState().paymentInProgress) useOrderFlow.getState().setPath('');
    },
    [],
  );
  return status;
}

import { usePlatform } from '@portal/shared-contracts/react';
import { useQuery } from '@tanstack/react-query';
import { shipmentStepsQuery } from '../../../shared/order/api';
import { needsContentStep } from '../../../shared/order/contract';
import { useOrderFlow } from '../store';

export type StepName = 'shipment' | 'parties' | 'content' | 'summary';

/**
 * The order's steps (SPEC §2, §4): the API's `shipment_steps` decide whether the content step is
 * there (parcels leaving the EU customs territory, or services that depend on the content value).
 * Until it answers, the same shared rule (`needsContentStep`) is applied here so the stepper does not jump.
 */
export function useSteps(): StepName[] {
  const { api } = usePlatform();
  const draft = useOrderFlow((state) => state.draft);
  const steps = useQuery(
    shipmentStepsQuery(api, {
      shipmentType: draft.shipmentType,
      countryCode: draft.countryCode,
      additionalServices: draft.additionalServices,
    }),
  );
  if (steps.data && steps.data.length > 0) return steps.data.map((step) => step.name);
  return needsContentStep(draft) ? ['shipment', 'parties', 'content', 'summary'] : ['shipment', 'parties', 'summary'];
}

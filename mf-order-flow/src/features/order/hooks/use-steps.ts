import { usePlatform } from '@portal/shared-contracts/react';
import { useQuery } from '@tanstack/react-query';
import { useIsEu } from '../../countries/CountrySelect';
import { shipmentStepsQuery } from '../api';
import { useOrderFlow } from '../store';

export type StepName = 'shipment' | 'parties' | 'content' | 'summary';

const VALUE_SERVICES = ['insurance', 'cashOnDelivery', 'cashOnDeliveryToBank', 'cashOnDeliveryToPNS'];

/**
 * The order's steps (SPEC §2, §4): the API's `shipment_steps` decide whether the content step is
 * there (parcels leaving the EU customs area, or services that depend on the content value).
 * Until it answers, the same rule is applied here so the stepper does not jump.
 */
export function useSteps(): StepName[] {
  const { api } = usePlatform();
  const draft = useOrderFlow((state) => state.draft);
  const isEu = useIsEu(draft.countryCode);
  const steps = useQuery(
    shipmentStepsQuery(api, {
      shipmentType: draft.shipmentType,
      countryCode: draft.countryCode,
      additionalServices: draft.additionalServices,
    }),
  );
  if (steps.data && steps.data.length > 0) return steps.data.map((step) => step.name);
  const customs = draft.shipmentType === 'parcel' && isEu === false;
  const valued = draft.additionalServices.some((service) => VALUE_SERVICES.includes(service));
  return customs || valued ? ['shipment', 'parties', 'content', 'summary'] : ['shipment', 'parties', 'summary'];
}

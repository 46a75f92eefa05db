import { needsContentStep } from '@portal/shared-contracts/orders';
import type { AdditionalServiceName, ShipmentType } from '@portal/shared-contracts/pricing';

export interface ShipmentStep {
  step: number;
  name: 'shipment' | 'parties' | 'content' | 'summary';
  label: string;
}

/**
 * The order-flow steps of a shipment (SPEC §2 Order flow screens, §4): create shipment, sender
 * and receiver, then detailed shipment info (the content list) only when it is needed, then
 * summary and payment. Content is needed for a parcel leaving the EU customs territory (customs
 * data, SPEC §3 Customs info) and for any shipment whose services depend on the content value
 * (insurance not above the content value, cash on delivery with insurance: SPEC §5).
 */
export function shipmentSteps(request: {
  countryCode: string;
  shipmentType: ShipmentType;
  additionalServices: readonly AdditionalServiceName[];
}): ShipmentStep[] {
  // The rule is shared with the wizard (shared-contracts orders/customs.ts).
  const names: ShipmentStep['name'][] = [
    'shipment',
    'parties',
    ...(needsContentStep(request) ? ['content' as const] : []),
    'summary',
  ];
  return names.map((name, index) => ({ step: index + 1, name, label: STEP_LABELS[name] }));
}

const STEP_LABELS: Record<ShipmentStep['name'], string> = {
  shipment: 'Create shipment',
  parties: 'Sender and receiver',
  content: 'Detailed shipment info',
  summary: 'Summary and payment',
};

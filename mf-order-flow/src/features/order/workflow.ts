import type { ApiClient } from '@portal/shared-contracts';
import type { ChosenWorkFlow } from './model';

interface WorkflowResource {
  '@id': string;
  id: number;
  label: string;
  shipmentSubType: string;
  shipmentSizeType: string | null;
  transferType: string | null;
  receivingType: string | null;
  deliveryDays: number | null;
  maxWeight: number;
}

/** A saved order names its workflow by reference; the wizard shows the product's summary. */
export async function loadChosenWorkFlow(api: ApiClient, reference: string): Promise<ChosenWorkFlow | null> {
  const iri = /^\d+$/.test(reference) ? `/api/work_flows/${reference}` : reference.replace('/api/public/', '/api/');
  try {
    const workflow = await api.get<WorkflowResource>(iri);
    return {
      '@id': workflow['@id'],
      id: workflow.id,
      label: workflow.label,
      shipmentSubType: workflow.shipmentSubType,
      shipmentSizeType: workflow.shipmentSizeType,
      transferType: workflow.transferType,
      receivingType: workflow.receivingType,
      deliveryDays: workflow.deliveryDays,
      maxWeight: workflow.maxWeight,
    };
  } catch {
    return null;
  }
}

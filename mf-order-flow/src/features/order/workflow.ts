import { type ApiClient, lastSegment } from '@portal/shared-contracts';
import type { ChosenWorkFlow } from './model';

/** A saved order names its workflow by reference; the wizard shows the product's summary. */
export async function loadChosenWorkFlow(api: ApiClient, reference: string): Promise<ChosenWorkFlow | null> {
  const id = /^\d+$/.test(reference) ? reference : lastSegment(reference);
  try {
    const workflow = await api.GET('/api/work_flows/{id}', { path: { id } });
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

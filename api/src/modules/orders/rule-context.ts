import { type LineContextOf, needsCustomsDeclaration, type OrderWrite } from '@portal/shared-contracts/orders';
import { isLatvianHoliday, rigaDate } from '../../calendar';
import type { CourierDayAvailability, CourierService } from '../courier';
import { isKnownHsCode } from '../hs-codes';
import { type ShipmentStep, shipmentSteps, type Workflow } from '../workflows';
import { workFlowIdOf } from './model';

/** The wizard steps of one order line: the content step only when the shipment needs it. */
export function stepsOfLine(line: OrderWrite['orderLines'][number], workflow: Workflow | undefined): ShipmentStep[] {
  const countryCode = line.attributes?.countryCode?.toUpperCase() ?? 'LV';
  return shipmentSteps({
    countryCode,
    shipmentType: workflow?.shipmentType ?? 'parcel',
    additionalServices: line.attributes?.additionalServices ?? [],
  });
}

/**
 * What the shared rules need per line (shared-contracts LineRuleContext): the workflow's limits,
 * whether the order has a content step and crosses the EU customs border, today in Riga,
 * Latvia's public holidays, the HS nomenclature (content lines' codes) and, when given, the
 * courier's availability on each line's pick-up date.
 */
export function lineContexts(
  order: OrderWrite,
  workflows: (id: number) => Workflow | undefined,
  now: Date = new Date(),
  courier: readonly (CourierDayAvailability | null)[] = [],
): LineContextOf {
  const today = rigaDate(now);
  return (index) => {
    const line = order.orderLines[index];
    const id = line ? workFlowIdOf(line.workFlow) : null;
    const workflow = id === null ? undefined : workflows(id);
    const destination = line?.attributes?.countryCode?.toUpperCase() ?? null;
    return {
      workflow: workflow
        ? {
            maxInsuranceAmount: workflow.maxInsuranceAmount,
            maxContentRows: workflow.configs.default.maxContentRows,
          }
        : null,
      contentStep: line ? stepsOfLine(line, workflow).some((step) => step.name === 'content') : false,
      customs: needsCustomsDeclaration(destination),
      today,
      isHoliday: isLatvianHoliday,
      isKnownHsCode,
      courier: courier[index] ?? null,
    };
  };
}

/**
 * `lineContexts` with the courier's availability read from the database (the courier module's
 * service): for each line's pick-up date, whether the courier works, the possible window and the
 * pick-ups left in the sender's area. `exceptOrderId` names the stored order being saved or paid,
 * whose own lines must not count as other people's bookings.
 */
export async function lineContextsWithCourier(
  courier: CourierService,
  order: OrderWrite,
  workflows: (id: number) => Workflow | undefined,
  now: Date = new Date(),
  exceptOrderId?: number,
): Promise<LineContextOf> {
  const pickUps = order.orderLines.map((line) => ({
    date: line.services?.courierPickUp?.pickUpTime.date,
    postCode: line.sender?.address?.postCode,
  }));
  const availability = pickUps.some((pickUp) => pickUp.date)
    ? await courier.forPickUps(pickUps, now, exceptOrderId)
    : [];
  return lineContexts(order, workflows, now, availability);
}

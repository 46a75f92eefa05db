import type { LineContextOf, OrderWrite } from '@portal/shared-contracts/orders';
import { isLatvianHoliday } from '../../calendar/working-days';
import { EU_MEMBER_STATES } from '../countries/seed';
import { rigaDate } from '../prices/engine';
import type { Workflow } from '../workflows/model';
import { type ShipmentStep, shipmentSteps } from '../workflows/steps';
import { workFlowIdOf } from './model';

const EU = new Set<string>(EU_MEMBER_STATES);

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
 * whether the order has a content step and crosses the EU customs border, today in Riga and
 * Latvia's public holidays.
 */
export function lineContexts(
  order: OrderWrite,
  workflows: (id: number) => Workflow | undefined,
  now: Date = new Date(),
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
      customs: destination !== null && !EU.has(destination),
      today,
      isHoliday: isLatvianHoliday,
    };
  };
}

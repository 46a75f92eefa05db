import type { OrderResource, OrderWrite } from '@portal/shared-contracts/orders';
import type { Violation } from '../../http/problem';
import type { ShipmentStep } from '../workflows';
import type { orderLines, orders } from './schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
type Line = OrderWrite['orderLines'][number];

/** `/api/orders/{key}`: the one `@id`; the shared API client rewrites it to /api/public for visitors. */
export const orderIri = (key: string) => `/api/orders/${key}`;
export const workFlowIri = (id: number) => `/api/work_flows/${id}`;

/** The parts of a line the wizard edits, as stored (typed JSON columns) and as both shapes carry them. */
function lineDocuments(line: OrderLineRow) {
  const { attributes, services, sender, receiver, content, customsInfo, discountCode, approvals } = line;
  return { attributes, services, sender, receiver, content, customsInfo, discountCode, approvals };
}

/** A stored order back in the shape of the write body: the rules and the price read that. */
export function toOrderWrite(order: OrderRow, lines: OrderLineRow[]): OrderWrite {
  return {
    step: order.step,
    version: order.version,
    discountCode: order.discountCode,
    termsAccepted: order.termsAccepted,
    privacyAccepted: order.privacyAccepted,
    eNotification: order.eNotification,
    orderLines: lines.map((line): Line => ({ workFlow: line.workFlowId, ...lineDocuments(line) })),
  };
}

export function orderResource(
  order: OrderRow,
  lines: OrderLineRow[],
  steps: ShipmentStep[],
  priceViolations: Violation[],
): OrderResource {
  const iri = orderIri(order.key);
  return {
    '@id': iri,
    '@type': 'Order',
    key: order.key,
    account: order.accountId === null ? null : `/api/accounts/${order.accountId}`,
    status: order.status,
    version: order.version,
    step: order.step,
    steps,
    discountCode: order.discountCode,
    termsAccepted: order.termsAccepted,
    privacyAccepted: order.privacyAccepted,
    eNotification: order.eNotification,
    orderLines: lines.map((line) => ({
      '@id': `${iri}/order_lines/${line.id}`,
      id: line.id,
      status: line.status,
      workFlow: line.workFlowId === null ? null : workFlowIri(line.workFlowId),
      ...lineDocuments(line),
      barcode: line.barcode,
      returnBarcode: line.returnBarcode,
      returnStatus: line.returnStatus,
      price: line.price,
      createdAt: line.createdAt.toISOString(),
      updatedAt: line.updatedAt.toISOString(),
    })),
    price: order.price,
    priceViolations,
    paidAt: order.paidAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** The receiver's name as the list searches it (company name for companies). */
export function receiverNameOf(line: Line): string | null {
  const receiver = line.receiver;
  if (!receiver) return null;
  return (receiver.company ? receiver.companyName : null) ?? receiver.name ?? null;
}

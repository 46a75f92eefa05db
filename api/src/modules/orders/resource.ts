import type { OrderResource, OrderWrite } from '@portal/shared-contracts/orders';
import type { Price } from '@portal/shared-contracts/pricing';
import type { orderLines, orders } from '../../db/schema';
import type { Violation } from '../../http/problem';
import type { ShipmentStep } from '../workflows/steps';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
type Line = OrderWrite['orderLines'][number];

/** `/api/orders/{key}`: the one `@id`; the shared API client rewrites it to /api/public for visitors. */
export const orderIri = (key: string) => `/api/orders/${key}`;
export const workFlowIri = (id: number) => `/api/work_flows/${id}`;

/** A stored order back in the shape of the write body: the rules and the price read that. */
export function toOrderWrite(order: OrderRow, lines: OrderLineRow[]): OrderWrite {
  return {
    step: order.step,
    version: order.version,
    discountCode: order.discountCode,
    termsAccepted: order.termsAccepted,
    privacyAccepted: order.privacyAccepted,
    eNotification: order.eNotification as OrderWrite['eNotification'],
    orderLines: lines.map(
      (line): Line => ({
        workFlow: line.workFlowId,
        attributes: line.attributes as Line['attributes'],
        services: line.services as Line['services'],
        sender: line.sender as Line['sender'],
        receiver: line.receiver as Line['receiver'],
        content: line.content as Line['content'],
        customsInfo: line.customsInfo as Line['customsInfo'],
        discountCode: line.discountCode,
        approvals: line.approvals as Line['approvals'],
      }),
    ),
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
    status: order.status as OrderResource['status'],
    version: order.version,
    step: order.step,
    steps,
    discountCode: order.discountCode,
    termsAccepted: order.termsAccepted,
    privacyAccepted: order.privacyAccepted,
    eNotification: order.eNotification as OrderResource['eNotification'],
    orderLines: lines.map((line) => ({
      '@id': `${iri}/order_lines/${line.id}`,
      id: line.id,
      status: line.status as OrderResource['orderLines'][number]['status'],
      workFlow: line.workFlowId === null ? null : workFlowIri(line.workFlowId),
      attributes: line.attributes as Line['attributes'] & object,
      services: line.services as OrderResource['orderLines'][number]['services'],
      sender: line.sender as OrderResource['orderLines'][number]['sender'],
      receiver: line.receiver as OrderResource['orderLines'][number]['receiver'],
      content: line.content as OrderResource['orderLines'][number]['content'],
      customsInfo: line.customsInfo as OrderResource['orderLines'][number]['customsInfo'],
      discountCode: line.discountCode,
      approvals: line.approvals,
      barcode: line.barcode,
      price: line.price as Price | null,
      createdAt: line.createdAt.toISOString(),
      updatedAt: line.updatedAt.toISOString(),
    })),
    price: order.price as Price | null,
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

import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import type { OrderCounters } from '../../http/metrics';
import { registerTwinRoutes } from '../../http/twin-routes';
import type { WorkbookWriter } from '../../spreadsheet/workbook-writer';
import type { BotCheckService } from '../bot-check';
import type { CourierService } from '../courier';
import { documentRenderer } from '../documents';
import type { EventPublisher } from '../events';
import type { IdentityService } from '../identity';
import { type PaymentProvider, type PaymentSettlements, paymentRoutes, type SandboxPaymentProvider } from '../payments';
import type { PriceService } from '../prices';
import type { WorkflowCatalogue } from '../workflows';
import { OrderAccess } from './access';
import { adminOrderRoutes } from './admin-routes';
import { AdminOrderService } from './admin-service';
import { archiveRoutes } from './archive-routes';
import { OrderBulk } from './bulk';
import { orderBulkRoutes } from './bulk-routes';
import { type LabelPlaces, OrderDocuments } from './documents';
import { type LoyaltyAssigner, OrderPayments } from './payment-service';
import { refundRoutes } from './refund-routes';
import { OrderRefunds } from './refunds';
import { orderRoutes } from './routes';
import { OrderService } from './service';

// Who may read an order (the hand-over module's QR of an order answers as the order does: 404 to others).
export { type Caller, OrderAccess } from './access';
export { rangeEnd, withDateRange } from './admin-model';
export {
  archiveOrdersOfDeletedAccount,
  DEFAULT_PERSONAL_DATA_RETENTION_DAYS,
  pseudonymiseArchivedOrders,
} from './archive';
// The labels of a paid order for the counter or locker that redeems its hand-over code.
export { type LabelPlaces, PaidOrderLabels, printableParty } from './documents';
// What other modules ask of orders and their shipments: answers, never the tables (issue 37).
export {
  accountOfOrder,
  accountsOfLines,
  linesInProgress,
  linesWithConsentingOrderer,
  lockReturnsByNumber,
  lockShipmentsByNumber,
  numberedShipmentsOf,
  orderKeysOf,
  orderOfKey,
  orderOfShipment,
  orderWithLineCount,
  ownersOfOrder,
  type ReturnOfShipment,
  recordReturnProgress,
  recordShipmentProgress,
  type ShipmentProgress,
} from './lookups';
// The count of booked courier pick-ups, handed to the courier module by the composition root.
export { pickUpBookings } from './pick-up-bookings';
// A paid shipment to return and its return's S10 number (the returns module, issue 40).
export { customerShipment, issueReturnBarcode, type ReturnableShipment, returnableShipment } from './returns';
export { OrderStatistics } from './statistics';
export { testOrderOf } from './test-orders';

export interface OrdersModuleOptions {
  db: Database;
  // The other modules' services, built once by the composition root (api/src/composition.ts).
  catalogue: WorkflowCatalogue;
  prices: PriceService;
  identity: IdentityService;
  botCheck: BotCheckService;
  courier: CourierService;
  /** Countries' names and locations' addresses for labels (the composition root's, from their modules). */
  labelPlaces: LabelPlaces;
  /** The sandbox payment provider; its page is always served. */
  sandbox: SandboxPaymentProvider;
  /** The provider payments are started with (PAYMENT_PROVIDER). */
  paymentProvider: PaymentProvider;
  /**
   * The callbacks' settlements of every module that takes payments (the returns' too): the orders'
   * is added as the default. Without it, the callbacks settle orders only.
   */
  settlements?: PaymentSettlements;
  /** Assigns loyalty discounts when a registered user's order is paid (the discounts module's service). */
  discounts?: LoyaltyAssigner;
  /** The domain events' outbox: a paid order's `order.paid` is published to it in the payment's transaction. */
  events?: EventPublisher;
  /** Counts the orders saved and paid (the metrics; none when they are off). */
  counters?: OrderCounters;
  /** Clock of the order rules (today in Riga) and timestamps. */
  now?: () => Date;
  /** Worker threads writing labels and customs declarations (DOCUMENT_WORKERS); 0: in the request's thread. */
  documentWorkers?: number;
  /** Writes the shipments files (the composition root's workbook writers). */
  workbooks: WorkbookWriter;
}

/**
 * Orders (issue 5): /api/orders and /api/public/orders (create, read, update, validate, cancel,
 * delete, my orders, pay), and the payment routes of the payments module wired to this module's
 * settlement.
 */
const ordersPlugin: FastifyPluginAsync<OrdersModuleOptions> = async (
  app,
  {
    db,
    catalogue,
    prices,
    identity,
    botCheck,
    courier,
    labelPlaces,
    sandbox,
    paymentProvider,
    settlements,
    discounts,
    events,
    counters,
    now,
    documentWorkers = 0,
    workbooks,
  },
) => {
  const access = new OrderAccess(db.orm, identity);
  const service = new OrderService(
    db.orm,
    catalogue,
    prices,
    access,
    courier,
    labelPlaces.places,
    now,
    counters?.created,
  );
  const payments = new OrderPayments(
    db.orm,
    service,
    catalogue,
    paymentProvider,
    now,
    discounts,
    events,
    counters?.paid,
    sandbox,
  );
  const renderer = documentRenderer(documentWorkers);
  app.addHook('onClose', renderer.close);
  const documents = new OrderDocuments(db.orm, service, catalogue, labelPlaces, renderer.render);
  await registerTwinRoutes(app, orderRoutes, { service, payments, documents, botCheck });
  // Shipments in bulk: signed-in callers only, so no /api/public twin.
  await app.register(orderBulkRoutes, { prefix: '/api', bulk: new OrderBulk(service, catalogue, workbooks) });
  const refunds = new OrderRefunds(db.orm, paymentProvider === sandbox ? [sandbox] : [sandbox, paymentProvider]);
  await app.register(refundRoutes, { prefix: '/api', refunds, access });
  await app.register(archiveRoutes, { prefix: '/api', orm: db.orm });
  await app.register(adminOrderRoutes, { prefix: '/api', admin: new AdminOrderService(db.orm, service), access });
  settlements?.add('', payments);
  await app.register(paymentRoutes, {
    prefix: '/api',
    sandbox,
    settlement: settlements ?? payments,
    ...(paymentProvider !== sandbox ? { providers: [paymentProvider] } : {}),
  });
};

export const ordersModule = apiModule(ordersPlugin, { name: 'orders' });

import { randomBytes } from 'node:crypto';
import { CacheIndex } from '../cache-index';
import type { Config } from '../config';
import { ChangeNotices, type Database } from '../db';
import { ApiKeyService } from '../modules/api-keys';
import { BotCheckService } from '../modules/bot-check';
import { countryNames } from '../modules/countries';
import { CourierService } from '../modules/courier';
import { DiscountService } from '../modules/discounts';
import type { EventPublisher } from '../modules/events';
import { IdentityService } from '../modules/identity';
import { type Mailer, mailerFromSettings } from '../modules/notifications';
import { archiveOrdersOfDeletedAccount, type LabelPlaces, OrderStatistics, pickUpBookings } from '../modules/orders';
import {
  type PaymentProvider,
  PaymentSettlements,
  SandboxPaymentProvider,
  StripePaymentProvider,
} from '../modules/payments';
import { PriceService } from '../modules/prices';
import { locationsByIds } from '../modules/service-locations';
import { WorkflowCatalogue } from '../modules/workflows';
import { type SmsSender, smsSenderFromSettings } from '../sms';
import { type WorkbookWriters, workbookWriter } from '../spreadsheet/workbook-writer';

/**
 * The services more than one module uses, each built once here from the validated configuration
 * (issue 22, the composition root). Modules are handed them as plugin options; no module builds
 * another module's service, and none imports this file (dependency-cruiser's
 * api-module-imports-composition rule). A module's own inner services (OrderService,
 * AddressBookService...) stay its own business.
 */
export interface Services {
  identity: IdentityService;
  /** Companies' API keys: the token verifier checks keys with it, the api-keys module manages them. */
  apiKeys: ApiKeyService;
  /** One bot check for every module that asks for it: the work it hands out rises per client across all of them. */
  botCheck: BotCheckService;
  /** Every workflow in memory (the workflows module invalidates it when tariffs change). */
  catalogue: WorkflowCatalogue;
  prices: PriceService;
  /** Discount codes and loyalty discounts: the prices read who holds a loyalty one, orders assign them. */
  discounts: DiscountService;
  /** Order figures for the back office's reports (the orders module's; the reports module reads them). */
  orderStatistics: OrderStatistics;
  /** What order labels print of countries and locations: the orders and hand-over modules' labels. */
  labelPlaces: LabelPlaces;
  courier: CourierService;
  /** The sandbox provider: its hosted page is always served; it pays only where PAYMENT_PROVIDER is sandbox. */
  sandbox: SandboxPaymentProvider;
  /** The provider payments start with (PAYMENT_PROVIDER). */
  payments: PaymentProvider;
  /** Which module settles a payment's callback (orders by default, returns' `return:` references). */
  settlements: PaymentSettlements;
  mailer: Mailer;
  /** Sends text messages (the phone change codes): Twilio, or the development outbox (SMS_PROVIDER). */
  sms: SmsSender;
  /**
   * HMAC key of stored phone change codes (PHONE_CODE_SECRET; in development random per process,
   * so codes sent before a restart stop working, which a user meets as "expired").
   */
  phoneCodeSecret: string;
  /** The bot check's HMAC secret (BOT_CHECK_SECRET; in development one random secret per process). */
  botCheckSecret: string;
  /** The in-memory caches by name, which the back office clears (modules register theirs). */
  caches: CacheIndex;
  /** What this instance tells the other API instances on the database, and hears from them (app.ts starts it). */
  notices: ChangeNotices;
  /**
   * Every module's XLSX exports are written here, on DOCUMENT_WORKERS worker threads (issue 36): a
   * large workbook never holds the event loop, and one queue limit refuses a flood of them (503 BUSY).
   */
  workbooks: WorkbookWriters;
}

export interface ComposeOptions {
  db: Database;
  config: Config;
  /** Where e-mails go; default the configuration's SMTP_URL / MAIL_DIR. */
  mailer?: Mailer;
  /** Where text messages go; default the configuration's SMS_PROVIDER. */
  sms?: SmsSender;
  /** The clock of the rules that decide by today's date; tests set it. */
  now?: () => Date;
  /** The domain events' outbox (its consumers subscribe in composition/background.ts). */
  events: EventPublisher;
}

export function composeServices({ db, config, mailer, sms, now, events }: ComposeOptions): Services {
  const { orm } = db;
  // Without BOT_CHECK_SECRET (development only: production refuses it), one random secret.
  const botCheckSecret = config.botCheckSecret ?? randomBytes(32).toString('hex');
  const notices = new ChangeNotices(db);
  const caches = new CacheIndex(now, notices);
  // A change of products or tariffs made here is told to the other instances, which reload theirs.
  const catalogue = new WorkflowCatalogue(orm, undefined, undefined, () => caches.announce('workflows'));
  const sandbox = new SandboxPaymentProvider({ secret: config.payments.sandboxSecret });
  const discounts = new DiscountService(orm, now);
  // The products and tariffs in memory; the price answers are kept per catalogue snapshot, so they go too.
  caches.register('workflows', () => catalogue.forget());
  const identity = new IdentityService(orm, {
    // A deleted account's unpaid orders go, its paid ones are archived out of every key's reach.
    onAccountDeleted: (tx, accountId) => archiveOrdersOfDeletedAccount(tx, accountId, now?.() ?? new Date()),
    // `account.deleted` and `profile.deleted`, in the deletion's transaction.
    events,
  });
  return {
    identity,
    apiKeys: new ApiKeyService(orm, identity, now),
    botCheck: new BotCheckService(orm, {
      secret: botCheckSecret,
      // The work rises for a client that asks too often, as long as rate limits are on.
      ...(config.rateLimit.enabled ? { freeChallenges: config.rateLimit.botCheckFreeChallenges } : {}),
    }),
    catalogue,
    prices: new PriceService(orm, catalogue, undefined, undefined, config.indicativePrices, discounts),
    discounts,
    orderStatistics: new OrderStatistics(orm, catalogue),
    labelPlaces: {
      countryNames: (codes) => countryNames(orm, codes),
      locations: (ids) => locationsByIds(orm, ids),
      places: (ids) => locationsByIds(orm, ids),
    },
    courier: new CourierService(pickUpBookings(orm), now),
    sandbox,
    payments:
      config.payments.provider === 'stripe'
        ? new StripePaymentProvider({ ...config.payments.stripe, portalUrl: config.portalUrl })
        : sandbox,
    settlements: new PaymentSettlements(),
    mailer: mailer ?? mailerFromSettings(config.mail),
    sms: sms ?? smsSenderFromSettings(config.sms),
    phoneCodeSecret: config.phoneCodeSecret ?? randomBytes(32).toString('hex'),
    botCheckSecret,
    caches,
    notices,
    workbooks: workbookWriter(config.documentWorkers),
  };
}

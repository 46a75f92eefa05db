import { ROLE_MAIN_ADMIN } from '@portal/shared-contracts/account';
import {
  type CreatedWebhookEndpoint,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookEndpointViolations,
} from '@portal/shared-contracts/webhooks';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { ApiError, invalidInput, notFound } from '../../http/problem';
import { accountTypeOf, type IdentityService, lockAccount } from '../identity';
import type { JobEngine } from '../jobs';
import { checkTarget, type Resolver, TargetRefused, type WebhookTargets } from './addresses';
import { queueDeliveries } from './deliverer';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './schema';
import { newSecret } from './signature';

/** The newest deliveries an endpoint's list shows. */
export const DELIVERIES_SHOWN = 50;

export interface WebhookServiceOptions {
  targets: WebhookTargets;
  resolve: Resolver;
  /** Networks allowed besides the public internet (WEBHOOK_ALLOWED_NETWORKS). */
  allowed?: readonly string[];
  /** The job engine the re-sent deliveries are queued on (deliverer.ts). */
  jobs: JobEngine;
  now?: () => Date;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * Managing an account's webhook endpoints (issue 20 item 3): only a main administrator of a
 * company account lists, creates and deletes them, reads their deliveries with the attempts and
 * sends a delivery again. Another member gets 403; anyone else, and another account's endpoint
 * or delivery, the same 404 as something that does not exist.
 */
export class WebhookService {
  private readonly now: () => Date;

  constructor(
    private readonly orm: Orm,
    private readonly identity: IdentityService,
    private readonly options: WebhookServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async list(principal: Principal, accountId: number): Promise<WebhookEndpoint[]> {
    await this.mainAdministrator(principal, accountId);
    const rows = await this.orm
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, accountId))
      .orderBy(asc(webhookEndpoints.id));
    return rows.map(endpointView);
  }

  async create(
    principal: Principal,
    accountId: number,
    body: { url: string; events: string[] },
  ): Promise<CreatedWebhookEndpoint> {
    await this.mainAdministrator(principal, accountId);
    const violations = webhookEndpointViolations(body);
    if (violations.length > 0) throw invalidInput(422, violations);
    let url: URL;
    try {
      url = await checkTarget(body.url, this.options.targets, this.options.resolve, this.options.allowed);
    } catch (error) {
      if (!(error instanceof TargetRefused)) throw error;
      throw invalidInput(422, [{ propertyPath: 'url', message: error.message, code: error.code }]);
    }
    const events = [...new Set(body.events)] as WebhookEventType[];
    const secret = newSecret();
    const created = await this.orm.transaction(async (tx) => {
      // Serialises creations on the account, so two at once cannot pass the limit together.
      await lockAccount(tx, accountId);
      const [kept] = await tx
        .select({ count: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.accountId, accountId));
      if ((kept?.count ?? 0) >= MAX_WEBHOOK_ENDPOINTS) {
        throw invalidInput(422, [{ propertyPath: 'url', message: WEBHOOK_MESSAGES.tooMany, code: 'TOO_MANY' }]);
      }
      const [row] = await tx
        .insert(webhookEndpoints)
        .values({ accountId, url: url.href, events, secret, createdAt: this.now() })
        .returning();
      return row as EndpointRow;
    });
    return { ...endpointView(created), secret };
  }

  async remove(principal: Principal, accountId: number, endpointId: number): Promise<void> {
    await this.mainAdministrator(principal, accountId);
    // Its queued deliveries go with it (the foreign key cascades): nobody is left to receive them.
    const deleted = await this.orm
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.accountId, accountId)))
      .returning({ id: webhookEndpoints.id });
    if (deleted.length === 0) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
  }

  /** The endpoint's newest deliveries, newest first, each with its attempts in the order they were made. */
  async deliveries(principal: Principal, accountId: number, endpointId: number): Promise<WebhookDelivery[]> {
    const endpoint = await this.endpointOf(principal, accountId, endpointId);
    const rows = await this.orm
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id))
      .orderBy(desc(webhookDeliveries.id))
      .limit(DELIVERIES_SHOWN);
    const attempts =
      rows.length === 0
        ? []
        : await this.orm
            .select()
            .from(webhookAttempts)
            .where(
              inArray(
                webhookAttempts.deliveryId,
                rows.map((row) => row.id),
              ),
            )
            .orderBy(asc(webhookAttempts.id));
    return rows.map((row) => deliveryView(accountId, row, attempts));
  }

  /**
   * Queues the delivery's event again as a new delivery (same event id, so a receiver that
   * already has it can tell), behind what is pending for its shipment; the old one keeps its history.
   */
  async resend(
    principal: Principal,
    accountId: number,
    endpointId: number,
    deliveryId: number,
  ): Promise<WebhookDelivery> {
    const endpoint = await this.endpointOf(principal, accountId, endpointId);
    const [original] = await this.orm
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)));
    if (!original) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
    const now = this.now();
    const queued = await this.orm.transaction(async (tx) => {
      const [row] = await tx
        .insert(webhookDeliveries)
        .values({
          endpointId: endpoint.id,
          eventId: original.eventId,
          eventType: original.eventType,
          shipmentNumber: original.shipmentNumber,
          payload: original.payload,
          createdAt: now,
          nextAttemptAt: now,
          resentFrom: original.id,
        })
        .returning();
      if (row) await queueDeliveries(this.options.jobs, tx, [row]);
      return row;
    });
    this.options.jobs.wake();
    return deliveryView(accountId, queued as typeof webhookDeliveries.$inferSelect, []);
  }

  private async endpointOf(principal: Principal, accountId: number, endpointId: number): Promise<EndpointRow> {
    await this.mainAdministrator(principal, accountId);
    const [endpoint] = await this.orm
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.accountId, accountId)));
    if (!endpoint) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
    return endpoint;
  }

  /**
   * A main administrator of a company account, or an API key of that account (the api-keys module
   * has checked its `webhooks` scope; keys exist for company accounts only); another member 403,
   * anyone else, and another account's key, 404 (identity.member).
   */
  private async mainAdministrator(principal: Principal, accountId: number): Promise<void> {
    if (principal.apiKey) {
      if (principal.accountId !== accountId) throw notFound('Account not found.');
      return;
    }
    const { role } = await this.identity.member(principal, accountId);
    const type = await accountTypeOf(this.orm, accountId);
    if (role !== ROLE_MAIN_ADMIN || type !== 'company') throw new ApiError(403, WEBHOOK_MESSAGES.companyOnly);
  }
}

const endpointPath = (accountId: number, endpointId: number) =>
  `/api/accounts/${accountId}/webhook_endpoints/${endpointId}`;

function endpointView(row: EndpointRow): WebhookEndpoint {
  return {
    '@id': endpointPath(row.accountId, row.id),
    id: row.id,
    url: row.url,
    events: row.events,
    createdAt: row.createdAt.toISOString(),
  };
}

function deliveryView(
  accountId: number,
  row: typeof webhookDeliveries.$inferSelect,
  attempts: readonly (typeof webhookAttempts.$inferSelect)[],
): WebhookDelivery {
  return {
    '@id': `${endpointPath(accountId, row.endpointId)}/deliveries/${row.id}`,
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    shipmentNumber: row.shipmentNumber,
    shipmentStatus: row.payload.data.status,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    resentFrom: row.resentFrom,
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === row.id)
      .map((attempt) => ({
        at: attempt.at.toISOString(),
        durationMs: attempt.durationMs,
        statusCode: attempt.statusCode,
        error: attempt.error,
      })),
  };
}

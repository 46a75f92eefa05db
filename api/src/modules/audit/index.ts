import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Principal } from '../../auth';
import type { Database } from '../../db';
import { auditRoutes } from './routes';
import { type AuditChange, AuditService, auditValue } from './service';

export { archiveAuditTrail } from './archive';
export { type AuditChange, AuditService } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** What an admin route changed, told by `auditChange`; the audit hook writes it. */
    auditedChange: AuditChange | null;
  }
}

/**
 * Tells the audit trail what this admin call changed (entity, values before and after). Admin
 * routes call it just before they answer; a change that does not is still recorded, without values.
 */
export function auditChange(request: FastifyRequest, change: AuditChange): void {
  request.auditedChange = change;
}

/**
 * Who made a change: the identity module's service answers it. Declared here as the one call the
 * audit needs, so that the audit module does not import the identity module, whose back-office
 * routes call `auditChange` (no import cycle).
 */
export interface AuditUsers {
  known(principal: Principal): Promise<{ id: number } | undefined>;
}

export interface AuditModuleOptions {
  db: Database;
  identity: AuditUsers;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The back office's audit trail (issue 14): every admin change (a non-GET call to a route the
 * identity guard marks `access: 'admin'`) that succeeds writes one row, before the answer leaves.
 * If the row cannot be written the call answers with an error (and the log says so), so a change
 * is never silently unaudited. GET /api/admin/audit reads the trail (administrators only).
 */
const plugin: FastifyPluginAsync<AuditModuleOptions> = async (app, { db, identity }) => {
  const audit = new AuditService(db.orm);
  app.decorateRequest('auditedChange', null);

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.is404 || request.routeOptions.config?.access !== 'admin' || READS.has(request.method)) return payload;
    if (reply.statusCode >= 400) return payload;
    const user = request.principal ? await identity.known(request.principal) : null;
    const change = request.auditedChange ?? fallbackChange(request);
    try {
      await audit.record({
        userId: user?.id ?? null,
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        path: request.url.split('?')[0] ?? request.url,
        status: reply.statusCode,
        entityType: change.entityType,
        entityId: change.entityId === null ? null : String(change.entityId),
        before: auditValue(change.before),
        after: auditValue(change.after),
      });
    } catch (error) {
      request.log.error({ err: error, route: request.routeOptions.url }, 'admin change not audited');
      throw error;
    }
    return payload;
  });

  await app.register(auditRoutes, { audit });
};

/** A change no route described: the entity is the route's first segment, its id the first path parameter. */
function fallbackChange(request: FastifyRequest): AuditChange {
  const route = request.routeOptions.url ?? '';
  const entityType = /^\/api\/admin\/([^/]+)/.exec(route)?.[1] ?? 'unknown';
  const params = (request.params ?? {}) as Record<string, unknown>;
  const first = Object.values(params)[0];
  // A route's params schema may have made the id a number already.
  const entityId = typeof first === 'string' || typeof first === 'number' ? first : null;
  return { entityType, entityId, before: null, after: null };
}

// Not encapsulated (fastify-plugin), so that the audit hook sees the admin routes of every module.
export const auditModule = fastifyPlugin(plugin, { name: 'audit', dependencies: ['identity'] });

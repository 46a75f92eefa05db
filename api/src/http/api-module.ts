import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

/**
 * The plugins whose hooks must see every route of a module, so they are registered before it:
 * idempotency (its onRoute hook gives `config: { idempotent: true }` routes the Idempotency-Key
 * handling), api-keys (which routes a company's key may call), identity (the admin guard and the
 * blocked-user check) and audit (the record of every back-office change). Fastify refuses to
 * register a module before them (FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED): the order is checked,
 * not a comment in the composition root.
 */
export const ROUTE_GUARDS = ['idempotency', 'api-keys', 'identity', 'audit'] as const;

/**
 * An API module as a Fastify plugin that says its name and what must be registered before it
 * (fastify-plugin's metadata). It stays encapsulated: its hooks, decorators and error handlers are
 * its own. The composition root reads the names to build an app of some modules only (tests).
 */
export function apiModule<Options extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<Options>,
  meta: { name: string; dependencies?: readonly string[]; guarded?: boolean },
): FastifyPluginAsync<Options> {
  const guards = meta.guarded === false ? [] : ROUTE_GUARDS;
  return fastifyPlugin(plugin as FastifyPluginAsync, {
    name: meta.name,
    dependencies: [...guards, ...(meta.dependencies ?? [])],
    encapsulate: true,
  }) as FastifyPluginAsync<Options>;
}

/** The name and dependencies a plugin declares (fastify-plugin's metadata), if it declares them. */
export function pluginMeta(plugin: unknown): { name: string; dependencies: readonly string[] } | undefined {
  const meta = (plugin as Record<symbol, { name?: string; dependencies?: string[] } | undefined>)[
    Symbol.for('plugin-meta')
  ];
  return meta?.name ? { name: meta.name, dependencies: meta.dependencies ?? [] } : undefined;
}

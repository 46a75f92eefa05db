// Module resolve hook registered by drizzle-kit.mjs: resolves drizzle-orm as if imported from api/.
let apiParentUrl;

export function initialize(data) {
  apiParentUrl = data.parentURL;
}

export function resolve(specifier, context, nextResolve) {
  const isDrizzleOrm = specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');
  return nextResolve(specifier, isDrizzleOrm ? { ...context, parentURL: apiParentUrl } : context);
}

// Whether a product priced on an indicative figure (derived, not published: workflows/data/README.md)
// may be ordered. The one place the API reads the INDICATIVE_PRICES setting, so that it moves
// easily into a configuration module.

export const INDICATIVE_PRICE_POLICIES = ['allow', 'refuse'] as const;
export type IndicativePricePolicy = (typeof INDICATIVE_PRICE_POLICIES)[number];

/**
 * `INDICATIVE_PRICES=refuse|allow`. Unset: `refuse` in production (`PORTAL_ENV=production`), where
 * a customer must not pay a figure the operator never published, and `allow` elsewhere, so that a
 * development or demonstration install can order every product. Any other value stops the start.
 */
export function indicativePricePolicy(env: NodeJS.ProcessEnv = process.env): IndicativePricePolicy {
  const value = env.INDICATIVE_PRICES?.trim();
  if (value === undefined || value === '') return env.PORTAL_ENV === 'production' ? 'refuse' : 'allow';
  if ((INDICATIVE_PRICE_POLICIES as readonly string[]).includes(value)) return value as IndicativePricePolicy;
  throw new Error(`INDICATIVE_PRICES must be "allow" or "refuse", not "${value}".`);
}

// Whether a product priced on an indicative figure (derived, not published: workflows/data/README.md)
// may be ordered. The setting is INDICATIVE_PRICES in the configuration module (api/src/config):
// unset, it is `refuse` in production, where a customer must not pay a figure the operator never
// published, and `allow` elsewhere, so that a development or demonstration install can order every product.

export const INDICATIVE_PRICE_POLICIES = ['allow', 'refuse'] as const;
export type IndicativePricePolicy = (typeof INDICATIVE_PRICE_POLICIES)[number];

import * as z from 'zod/mini';

/** A destination or origin country (SPEC §3), as `GET /api/countries` lists it. */
export const countrySchema = z.object({
  /** ISO 3166-1 alpha-2, upper case: `LV`. */
  code: z.string().check(z.regex(/^[A-Z]{2}$/)),
  /** English name. */
  name: z.string(),
  /** Latvian name. */
  nameLv: z.string(),
  /** Other names people search by: `Holland` for the Netherlands. */
  countryAliasNames: z.array(z.string()),
  /** International dialling code without the plus: `371`; null for places without one (e.g. AQ). */
  phonePrefix: z.nullable(z.string()),
  /** Groups used to filter the list (`groups.name`), e.g. the Baltic states or the EU. */
  groups: z.array(z.object({ name: z.string() })),
  active: z.boolean(),
  /** SPEC §3 country types: LV is 6, LT and EE are 7; null elsewhere. */
  type: z.nullable(z.int()),
});
export type Country = z.infer<typeof countrySchema>;

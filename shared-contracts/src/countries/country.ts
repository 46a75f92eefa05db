import { z } from 'zod';

/** A destination or origin country (SPEC §3), as `GET /api/countries` lists it. */
export const countrySchema = z.object({
  /** ISO 3166-1 alpha-2, upper case: `LV`. */
  code: z.string().regex(/^[A-Z]{2}$/),
  /** English name. */
  name: z.string(),
  /** Latvian name. */
  nameLv: z.string(),
  /** Other names people search by: `Holland` for the Netherlands. */
  countryAliasNames: z.array(z.string()),
  /** International dialling code without the plus: `371`. */
  phonePrefix: z.string(),
  /** Groups used to filter the list (`groups.name`), e.g. the Baltic states or the EU. */
  groups: z.array(z.object({ name: z.string() })),
  active: z.boolean(),
});
export type Country = z.infer<typeof countrySchema>;

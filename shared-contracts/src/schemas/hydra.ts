// zod/mini: the same schemas as classic zod, but tree-shakable; these ship with the shell's first
// paint, where classic zod would cost ~24 KB gzip.
import * as z from 'zod/mini';

/**
 * Response envelopes in the Hydra (JSON-LD) shape the portal's clients read (SPEC §7, §8).
 * The API builds its responses with these schemas; the browser reads them with the same ones.
 */

/** One server-side validation failure, attached to a field path such as `orderLines[0].weight`. */
export const violationSchema = z.object({
  /** Dotted or bracketed path of the field; '' for the whole resource. */
  propertyPath: z.string(),
  /** English message; the interface translates it by its text (SPEC §1). */
  message: z.string(),
  /** Machine-readable reason, e.g. `CONTENT_WEIGHT_DIFFERENCE` (approval kinds, SPEC §5). */
  code: z.optional(z.string()),
  /** The message before its parameters were filled in, e.g. `The total weight … is {diff} kg less …`. */
  messageTemplate: z.optional(z.string()),
  /** Values for the template's placeholders. */
  parameters: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
});
export type Violation = z.infer<typeof violationSchema>;

/** Links between the pages of a paged collection; each is the path of that page. */
export const hydraViewSchema = z.object({
  '@id': z.string(),
  'hydra:first': z.optional(z.string()),
  'hydra:last': z.optional(z.string()),
  'hydra:next': z.optional(z.string()),
  'hydra:previous': z.optional(z.string()),
});
export type HydraView = z.infer<typeof hydraViewSchema>;

/**
 * A list answer: one page of items and the total count over all pages.
 * Usage: `hydraCollection(countrySchema).parse(body)`.
 */
export function hydraCollection<Item extends z.ZodMiniType>(itemSchema: Item) {
  return z.object({
    'hydra:member': z.array(itemSchema),
    'hydra:totalItems': z.int().check(z.nonnegative()),
    'hydra:view': z.optional(hydraViewSchema),
    totalItemsCapped: z.optional(z.literal(true)),
  });
}
export interface HydraCollection<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view'?: HydraView;
  /**
   * Present on a list that stops counting (my orders: ORDER_LIST_COUNT_LIMIT, a name search:
   * ORDER_SEARCH_COUNT_LIMIT): more items match than `hydra:totalItems`, which is where counting
   * stopped.
   */
  totalItemsCapped?: true;
}

/** The error body of a failed request; `violations` is present for validation failures (422). */
export const hydraErrorSchema = z.object({
  '@type': z.literal('hydra:Error'),
  'hydra:title': z.optional(z.string()),
  /** Human-readable reason; the client shows it when the body has no `message` (SPEC §8). */
  'hydra:description': z.string(),
  violations: z.optional(z.array(violationSchema)),
  /** The HTTP status, repeated in the body for clients that lost it. */
  status: z.optional(z.int()),
});
export type HydraError = z.infer<typeof hydraErrorSchema>;

import { normalizeSearchText } from '@portal/shared-contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { HydraCollection } from '../../http/hydra';
import { JSON_LD } from '../../http/hydra';
import { notFound } from '../../http/problem';
import { parseNoQuery, parseParams, parseQuery } from '../../http/validate';
import type { HsCode } from './seed';
import type { HsCodeService } from './service';

export interface HsCodeRoutesOptions {
  /** The nomenclature, asked for on each call: it is read on the first one (service.ts). */
  service: () => HsCodeService;
}

export const MAX_SEARCH_LENGTH = 100;
export const HS_CODE_NOT_FOUND = 'HS code not found.';
/** SPEC §8: over 50 matches the search asks to be narrowed (the first 50 still come back). */
export const TOO_MANY_RESULTS = 'Too many results: please narrow the search.';
export const SEARCH_NEEDS_LETTERS = 'The search should contain letters or digits.';
export const CONTROL_CHARACTERS = 'This value contains characters that are not allowed.';

// Strict: an unknown parameter is a caller's mistake (400). Checked before the trim so that a
// search made only of spaces reads as blank, not as "letters or digits".
const searchQuery = z.strictObject({
  search: z
    .string()
    .refine((value) => !/\p{Cc}/u.test(value), { message: CONTROL_CHARACTERS, params: { code: 'INVALID_CHARACTERS' } })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, 'This value should not be blank.')
        .max(MAX_SEARCH_LENGTH, `This value is too long. It should have ${MAX_SEARCH_LENGTH} characters or less.`)
        // A blank search has its own message above.
        .refine((value) => value === '' || normalizeSearchText(value) !== '', {
          message: SEARCH_NEEDS_LETTERS,
          params: { code: 'INVALID_SEARCH' },
        }),
    ),
});

const itemParams = z.object({
  code: z.string().regex(/^\d{2,10}$/, 'This value should be an HS code of 2 to 10 digits.'),
});

/** The JSON-LD representation; `@id` is the canonical (non-public) path whichever twin answers. */
function hsCodeResource(entry: HsCode) {
  return {
    '@id': `/api/hs_codes/${entry.code}`,
    '@type': 'HsCode',
    code: entry.code,
    description: entry.description,
    descriptionLv: entry.descriptionLv,
    level: entry.level,
    parent: entry.parent,
  };
}

export type HsCodeResource = ReturnType<typeof hsCodeResource>;

/** The search answer: a Hydra collection of at most 50 codes; `tooMany` (and `message`) when there were more. */
export interface HsCodeSearchAnswer extends HydraCollection<HsCodeResource> {
  tooMany: boolean;
  message?: string;
}

export const hsCodeRoutes: FastifyPluginAsync<HsCodeRoutesOptions> = async (app, { service }) => {
  app.get('/hs_codes', async (request, reply): Promise<HsCodeSearchAnswer> => {
    const { search } = parseQuery(searchQuery, request.query);
    const found = service().search(search);
    reply.type(JSON_LD);
    // No hydra:view: the search has one page only by design; a narrower search is the next page.
    return {
      '@context': '/api/contexts/HsCode',
      '@id': '/api/hs_codes',
      '@type': 'hydra:Collection',
      'hydra:member': found.items.map(hsCodeResource),
      'hydra:totalItems': found.totalItems,
      tooMany: found.tooMany,
      ...(found.tooMany ? { message: TOO_MANY_RESULTS } : {}),
    };
  });

  app.get('/hs_codes/:code', async (request, reply) => {
    parseNoQuery(request.query);
    const { code } = parseParams(itemParams, request.params);
    const entry = service().find(code);
    if (!entry) throw notFound(HS_CODE_NOT_FOUND);
    reply.type(JSON_LD);
    return hsCodeResource(entry);
  });
};

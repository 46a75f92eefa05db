import { normalizeSearchText } from '@portal/shared-contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { described, errorAnswers } from '../../http/answer-schemas';
import { JSON_LD } from '../../http/hydra';
import { notFound } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
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

/** An HS code as the API answers it (hsCodeResource). */
const hsCodeAnswer = z.object({
  '@id': z.string(),
  '@type': z.literal('HsCode'),
  /** Digits only: 2 (chapter), 4 (heading) or 6 (subheading). */
  code: z.string(),
  description: z.string(),
  /** Null where the Combined Nomenclature has no Latvian name for the code. */
  descriptionLv: z.string().nullable(),
  level: z.union([z.literal(2), z.literal(4), z.literal(6)]),
  /** The chapter of a heading, the heading of a subheading; null for a chapter. */
  parent: z.string().nullable(),
});

/** The search answer: one page only by design (no hydra:view), a narrower search is the next page. */
const searchAnswer = z.object({
  '@context': z.string(),
  '@id': z.string(),
  '@type': z.literal('hydra:Collection'),
  'hydra:member': z.array(hsCodeAnswer),
  'hydra:totalItems': z.int().nonnegative(),
  /** More matches than the 50 listed: the search should be narrowed. */
  tooMany: z.boolean(),
  message: z.string().optional(),
});

/** The JSON-LD representation; `@id` is the canonical (non-public) path whichever twin answers. */
function hsCodeResource(entry: HsCode) {
  return {
    '@id': `/api/hs_codes/${entry.code}`,
    '@type': 'HsCode' as const,
    code: entry.code,
    description: entry.description,
    descriptionLv: entry.descriptionLv,
    level: entry.level,
    parent: entry.parent,
  };
}

export type HsCodeResource = ReturnType<typeof hsCodeResource>;

/** The search answer: a Hydra collection of at most 50 codes; `tooMany` (and `message`) when there were more. */
export type HsCodeSearchAnswer = z.infer<typeof searchAnswer>;

const tags = ['Goods codes (HS)'];

export const hsCodeRoutes: FastifyPluginAsync<HsCodeRoutesOptions> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/hs_codes',
    {
      schema: {
        summary: 'Search the goods codes (HS 2022) by code or words',
        description:
          'Digits (spaces and dots allowed) search by code prefix; words search the English and Latvian names. ' +
          'At most 50 codes come back; `tooMany` says when there were more.',
        tags,
        querystring: searchQuery,
        response: { 200: described(searchAnswer, 'The codes found, at most 50.'), ...errorAnswers(400, 401) },
      },
    },
    async (request, reply): Promise<HsCodeSearchAnswer> => {
      const found = service().search(request.query.search);
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
    },
  );

  app.get(
    '/hs_codes/:code',
    {
      schema: {
        summary: 'Read a goods code (HS)',
        tags,
        params: itemParams,
        querystring: NO_QUERY,
        response: { 200: described(hsCodeAnswer, 'The code.'), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const entry = service().find(request.params.code);
      if (!entry) throw notFound(HS_CODE_NOT_FOUND);
      reply.type(JSON_LD);
      return hsCodeResource(entry);
    },
  );
};

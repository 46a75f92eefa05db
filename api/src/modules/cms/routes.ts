import {
  CMS_KINDS,
  CMS_MESSAGES,
  cmsBlockSourceSchema,
  cmsCardSchema,
  cmsPageSchema,
  isCmsKey,
  MAX_CMS_BODY,
} from '@portal/shared-contracts/cms';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import { described, errorAnswers, hydraCollectionAnswer } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD, linkQueryOf } from '../../http/hydra';
import { acceptedLocale } from '../../http/locale';
import { ApiError } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import { auditChange } from '../audit';
import { renderMarkdown } from './markdown';
import type { CmsService } from './service';

const keyParams = z.strictObject({
  key: z.string().refine(isCmsKey, 'The key may contain lower-case Latin letters, digits and dashes (at most 64).'),
});
// Shape only (strings or null); the rules (required, lengths) are the shared CMS rules (422).
const blockBody = z.strictObject({
  titleEn: z.string().nullish(),
  titleLv: z.string().nullish(),
  bodyEn: z.string().nullish(),
  bodyLv: z.string().nullish(),
  kind: z.string().nullish(),
  active: z.boolean().nullish(),
  linkPath: z.string().nullish(),
  publishedAt: z.string().nullish(),
  expiresAt: z.string().nullish(),
});

const positiveInteger = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(z.number().min(1, 'This value should be 1 or more.').max(max, `This value should be ${max} or less.`));

/** The public list of one kind: the footer's columns, the home page's adverts or news, the tooltips. */
const MAX_CARDS_PER_PAGE = 50;
const cardsQuery = z.strictObject({
  kind: z.enum(CMS_KINDS.filter((kind) => kind !== 'page') as ['footer', 'tooltip', 'advert', 'news'], {
    message: CMS_MESSAGES.kind,
  }),
  itemsPerPage: positiveInteger(MAX_CARDS_PER_PAGE).default(MAX_CARDS_PER_PAGE),
  page: positiveInteger(Number.MAX_SAFE_INTEGER).default(1),
});

const previewBody = z.strictObject({
  markdown: z.string().max(MAX_CMS_BODY, `This text can have at most ${MAX_CMS_BODY} characters.`),
});

const tags = ['Content (CMS)'];

/**
 * GET /api/public/cms_blocks/{key} (and the signed-in twin): one block in the request's language;
 * GET /api/public/cms_blocks?kind=…: the active blocks of one kind showing now.
 */
export const cmsRoutes: FastifyPluginAsync<{ service: CmsService }> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/cms_blocks',
    {
      schema: {
        summary: 'List the blocks of one kind showing now, in the caller’s language',
        description: 'The footer’s columns, the tooltips, the home page’s adverts or news; by `Accept-Language`.',
        tags,
        querystring: cardsQuery,
        response: {
          200: hydraCollectionAnswer(cmsCardSchema, 'One page of the blocks, newest first.'),
          ...errorAnswers(400, 401),
        },
      },
    },
    async (request, reply) => {
      const { kind, ...paging } = request.query;
      const { cards, totalItems } = await service.cards(
        kind,
        acceptedLocale(request.headers['accept-language']),
        paging,
      );
      // One URL, two languages: caches keep them apart and revalidate, so an editor's change shows at
      // the next page load (the shell keeps its copy for a few minutes within a visit).
      reply.type(JSON_LD).header('vary', 'Accept-Language').header('cache-control', 'no-cache');
      return hydraCollection({
        context: '/api/contexts/CmsBlock',
        path: '/api/cms_blocks',
        members: cards,
        totalItems,
        paging,
        query: linkQueryOf(request),
      });
    },
  );

  app.get(
    '/cms_blocks/:key',
    {
      schema: {
        summary: 'Read a block (an information page) in the caller’s language',
        description: 'The body is the block’s Markdown rendered to sanitised HTML; the language by `Accept-Language`.',
        tags,
        params: keyParams,
        querystring: NO_QUERY,
        response: { 200: described(cmsPageSchema, 'The block.'), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      // The same URL answers in English or Latvian: caches must keep them apart, and an edit shows at once.
      reply.type(JSON_LD).header('vary', 'Accept-Language').header('cache-control', 'no-cache');
      return service.page(request.params.key, acceptedLocale(request.headers['accept-language']));
    },
  );
};

/**
 * The back office's CMS (SPEC §2 /admin/cms): the list, one block's Markdown, and PUT to create or
 * replace a block. Content editors and administrators only (identity/index.ts checks the roles).
 */
export const cmsAdminRoutes: FastifyPluginAsync<{ service: CmsService }> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/cms_blocks',
    {
      config: adminRoute('content_editor'),
      schema: {
        summary: 'List every block with its Markdown',
        tags,
        querystring: NO_QUERY,
        response: {
          200: hydraCollectionAnswer(cmsBlockSourceSchema, 'Every block, by key.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (_request, reply) => {
      const blocks = await service.list();
      reply.type(JSON_LD).header('cache-control', 'no-store');
      return hydraCollection({
        context: '/api/contexts/CmsBlock',
        path: '/api/admin/cms_blocks',
        members: blocks,
        totalItems: blocks.length,
        paging: { page: 1, itemsPerPage: Math.max(blocks.length, 1) },
        query: {},
      });
    },
  );

  // The editor's preview: the text rendered and sanitised exactly as the public page will show it
  // (one renderer, here), without saving anything. Declared before /:key so it is not a block key.
  app.post(
    '/admin/cms_blocks/preview',
    {
      config: adminRoute('content_editor'),
      schema: {
        summary: 'Render Markdown as the public page would show it, without saving',
        tags,
        querystring: NO_QUERY,
        body: previewBody,
        response: {
          200: z.object({ html: z.string() }).describe('The sanitised HTML.'),
          ...errorAnswers(400, 401, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      reply.type('application/json').header('cache-control', 'no-store');
      return { html: renderMarkdown(request.body.markdown) };
    },
  );

  app.get(
    '/admin/cms_blocks/:key',
    {
      config: adminRoute('content_editor'),
      schema: {
        summary: 'Read a block’s Markdown in both languages',
        tags,
        params: keyParams,
        querystring: NO_QUERY,
        response: { 200: described(cmsBlockSourceSchema, 'The block.'), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.type(JSON_LD).header('cache-control', 'no-store');
      return service.source(request.params.key);
    },
  );

  app.put(
    '/admin/cms_blocks/:key',
    {
      config: adminRoute('content_editor'),
      schema: {
        summary: 'Create or replace a block',
        description: 'Titles and bodies (Markdown, no HTML) are required in English and Latvian.',
        tags,
        params: keyParams,
        querystring: NO_QUERY,
        body: blockBody,
        response: {
          200: described(cmsBlockSourceSchema, 'The block as replaced.'),
          201: described(cmsBlockSourceSchema, 'The block as created.'),
          ...errorAnswers(400, 401, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      // The admin guard ran after routing: a principal with a role the route admits is here.
      if (!request.principal) throw new ApiError(401, 'Authentication required.');
      const before = await service.source(key).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
      const { block, created } = await service.save(key, request.body, request.principal);
      auditChange(request, { entityType: 'cms_block', entityId: key, before, after: block });
      reply
        .code(created ? 201 : 200)
        .type(JSON_LD)
        .header('cache-control', 'no-store');
      return block;
    },
  );
};

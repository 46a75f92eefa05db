import { gzipSync } from 'node:zlib';
import { MAX_DATABASE_ID } from '@portal/shared-contracts';
import {
  ADDITIONAL_SERVICES,
  CASH_ON_DELIVERY_TYPES,
  HANDOVER_TYPES,
  MAX_PRICE_COUNTRIES,
  MAX_REQUEST_AMOUNT_CENTS,
  MAX_REQUEST_SIDE_MM,
  MAX_REQUEST_WEIGHT_GRAMS,
  type PriceByCountryAnswer,
  priceByCountryAnswerSchema,
  priceByOrderAnswerSchema,
  SHIPMENT_SIZE_TYPES,
  SHIPMENT_SUB_TYPES,
  SHIPMENT_TYPES,
} from '@portal/shared-contracts/pricing';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer, twinErrorAnswers, writtenBody } from '../../http/answer-schemas';
import { acceptsGzip } from '../../http/encoding';
import { JSON_LD } from '../../http/hydra';
import { acceptedLocale } from '../../http/locale';
import { NO_QUERY } from '../../http/route-schemas';
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS, type PriceExport } from './export/price-export';
import type { PriceService } from './service';

export interface PriceRoutesOptions {
  service: PriceService;
  exporter: PriceExport;
}

/** A size guard of one price request (a quote of many lines), not the order rule ORDER_LIMITS.maxOrderLines. */
const MAX_PRICED_LINES = 100;
const CHOICE = 'The value you selected is not a valid choice.';

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'This value should be a two-letter country code.')
  .transform((code) => code.toUpperCase());

const grams = z
  .number()
  .int('This value should be a whole number of grams.')
  .min(1, 'The weight should be positive.')
  .max(MAX_REQUEST_WEIGHT_GRAMS, `This value should be ${MAX_REQUEST_WEIGHT_GRAMS} or less.`);

const cents = z
  .number()
  .int('This value should be a whole number of cents.')
  .min(0, 'This value should be 0 or more.')
  .max(MAX_REQUEST_AMOUNT_CENTS, `This value should be ${MAX_REQUEST_AMOUNT_CENTS} or less.`);

const millimetres = z
  .number()
  .int('This value should be a whole number of millimetres.')
  .min(1, 'This value should be positive.')
  .max(MAX_REQUEST_SIDE_MM, `This value should be ${MAX_REQUEST_SIDE_MM} or less.`);

const services = z.array(z.enum(ADDITIONAL_SERVICES, { error: CHOICE })).max(ADDITIONAL_SERVICES.length);
const discountCode = z.string().trim().max(50, 'This value is too long.').nullish();

const byCountryBody = z.strictObject({
  shipmentType: z.enum(SHIPMENT_TYPES, { error: CHOICE }),
  countryCodes: z
    .array(countryCode)
    .min(1, 'Choose at least one country.')
    .max(MAX_PRICE_COUNTRIES, `You can choose up to ${MAX_PRICE_COUNTRIES} countries.`),
  weight: grams,
  withContract: z.boolean().optional(),
  shipmentSubType: z.enum(SHIPMENT_SUB_TYPES, { error: CHOICE }).nullish(),
  shipmentSizeType: z.enum(SHIPMENT_SIZE_TYPES, { error: CHOICE }).nullish(),
  transferType: z.enum(HANDOVER_TYPES, { error: CHOICE }).nullish(),
  receivingType: z.enum(HANDOVER_TYPES, { error: CHOICE }).nullish(),
  additionalServices: services.optional(),
  insurance: cents.nullish(),
  postCodeFrom: z.string().max(20).nullish(),
  postCodeTo: z.string().max(20).nullish(),
  discountCode,
  dimensions: z.strictObject({ length: millimetres, width: millimetres, height: millimetres }).nullish(),
});

/** `/api/work_flows/12`, `/api/public/work_flows/12`, `12` or `{ "@id": ... }` / `{ "id": 12 }`. */
const workFlowReference = z
  // A missing workflow reads like a null one: 'This value should not be null.' (SPEC §5 relies on it).
  .preprocess(
    (value) => value ?? null,
    z
      .union([
        z.number().int().positive().max(MAX_DATABASE_ID),
        z.string().regex(/^(?:\/api(?:\/public)?\/work_flows\/)?\d{1,9}$/, 'This value should be a workflow IRI.'),
        z.looseObject({ '@id': z.string().regex(/^\/api(?:\/public)?\/work_flows\/\d{1,9}$/) }),
        z.looseObject({ id: z.number().int().positive().max(MAX_DATABASE_ID) }),
      ])
      .nullable(),
  )
  .transform((reference, context) => {
    if (reference === null) {
      context.addIssue({ code: 'custom', message: 'This value should not be null.', params: { code: 'NOT_NULL' } });
      return z.NEVER;
    }
    if (typeof reference === 'number') return reference;
    if (typeof reference === 'string') return Number(reference.split('/').pop());
    const iri = (reference as { '@id'?: unknown })['@id'];
    return typeof iri === 'string' ? Number(iri.split('/').pop()) : (reference as { id: number }).id;
  });

// Not strict: the body is the whole order (SPEC §7), of which only these fields price it.
const orderLine = z.object({
  workFlow: workFlowReference,
  attributes: z.object({
    weight: grams,
    countryCode,
    additionalServices: services.nullish(),
  }),
  services: z
    .object({
      insurance: z.object({ amount: cents, currency: z.literal('EUR').optional() }).nullish(),
      cashOnDelivery: z
        .object({
          type: z.enum(CASH_ON_DELIVERY_TYPES, { error: CHOICE }),
          amount: cents,
          currency: z.literal('EUR').optional(),
        })
        .nullish(),
    })
    .nullish(),
  discountCode,
});

const byOrderBody = z.object({
  orderLines: z.array(orderLine).min(1, 'Add at least one shipment.').max(MAX_PRICED_LINES),
  discountCode,
});

const exportQuery = z.strictObject({ format: z.enum(EXPORT_FORMATS, { error: CHOICE }) });

// The answers: the shared contract's shapes with their JSON-LD names.
const byCountryAnswer = z
  .object({
    '@context': z.literal('/api/contexts/PricesByCountry'),
    '@type': z.literal('PricesByCountry'),
    ...priceByCountryAnswerSchema.shape,
  })
  .describe('The price of every matching workflow to each country, and the countries without one and why.');
const byOrderAnswer = z
  .object({
    '@context': z.literal('/api/contexts/PricesByOrder'),
    '@type': z.literal('PricesByOrder'),
    ...priceByOrderAnswerSchema.shape,
  })
  .describe('The price of each order line and of the whole order.');

/** The PDF or the XLSX, as `format` asks. */
function exportAnswer(description: string) {
  const content = Object.assign(
    {},
    ...EXPORT_FORMATS.map((format) => fileAnswer(EXPORT_CONTENT_TYPES[format], description).content),
  );
  return { description, content };
}

/**
 * The JSON text (and, once asked for, its gzip coding) of each by_country answer the service keeps
 * in its cache (same object, same text): calculators ask the same questions over and over, and
 * writing the answer out was the largest cost left of a cached price. A whole answer is about
 * 15 KB of JSON and 2 KB gzipped. Entries go when the service drops the answer.
 */
interface WrittenAnswer {
  json: string;
  gzip?: Buffer;
}
const writtenAnswers = new WeakMap<PriceByCountryAnswer, WrittenAnswer>();

function writtenAnswer(answer: PriceByCountryAnswer): WrittenAnswer {
  let written = writtenAnswers.get(answer);
  if (written === undefined) {
    const json = JSON.stringify({ '@context': '/api/contexts/PricesByCountry', '@type': 'PricesByCountry', ...answer });
    written = { json };
    writtenAnswers.set(answer, written);
  }
  return written;
}

export const priceRoutes: FastifyPluginAsync<PriceRoutesOptions> = async (plain, { service, exporter }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const tags = ['Prices'];
  const errors = twinErrorAnswers(app);

  app.post(
    '/prices/by_country',
    {
      config: { apiKeyScope: 'read' },
      schema: {
        summary: 'Price a shipment to up to five countries',
        description:
          'Every workflow of the shipment type that serves each country, priced for the weight (grams) with the ' +
          'services asked for; money in cents. Signed-in callers get their own discounts.',
        tags,
        querystring: NO_QUERY,
        body: byCountryBody,
        response: { 200: byCountryAnswer, ...errors(400, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = await service.byCountry(request.body, {
        registered: request.principal !== null,
        locale: acceptedLocale(request.headers['accept-language']),
      });
      const written = writtenAnswer(answer);
      reply.type(JSON_LD).header('Vary', 'Accept-Encoding');
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(writtenBody(written.json));
      written.gzip ??= gzipSync(written.json);
      return reply.header('Content-Encoding', 'gzip').send(writtenBody(written.gzip));
    },
  );

  // The same request as by_country, answered as a PDF or XLSX file (the calculator's download).
  app.post(
    '/prices/by_country/export',
    {
      config: { apiKeyScope: 'read' },
      schema: {
        summary: 'Download the prices of a shipment to up to five countries as a PDF or XLSX file',
        description: 'The body is the same as for `/prices/by_country`; the file is in the caller’s language.',
        tags,
        querystring: exportQuery,
        body: byCountryBody,
        response: {
          200: exportAnswer('The price table of the request.'),
          ...errors(400, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const file = await exporter.file(
        request.body,
        { registered: request.principal !== null },
        request.query.format,
        acceptedLocale(request.headers['accept-language']),
      );
      return reply
        .type(file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/prices/by_order',
    {
      config: { apiKeyScope: 'read' },
      schema: {
        summary: 'Price the lines of an order',
        description:
          'The body may be the whole order: only the fields that price it are read (workflow, weight in grams, ' +
          'country, services, discount code). Money in cents.',
        tags,
        querystring: NO_QUERY,
        body: byOrderBody,
        response: { 200: byOrderAnswer, ...errors(400, 422, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const answer = await service.byOrder(
        {
          discountCode: body.discountCode ?? null,
          orderLines: body.orderLines.map((line) => ({
            workFlowId: line.workFlow,
            weight: line.attributes.weight,
            countryCode: line.attributes.countryCode,
            additionalServices: [...new Set(line.attributes.additionalServices ?? [])],
            insurance: line.services?.insurance?.amount ?? null,
            cashOnDelivery: line.services?.cashOnDelivery ?? null,
            discountCode: line.discountCode ?? null,
          })),
        },
        { registered: request.principal !== null, subject: request.principal?.subject ?? null },
      );
      reply.type(JSON_LD);
      return { '@context': '/api/contexts/PricesByOrder' as const, '@type': 'PricesByOrder' as const, ...answer };
    },
  );
};
